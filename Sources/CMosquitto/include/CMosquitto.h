// libmosquitto, the Eclipse Mosquitto MQTT client, loaded when the first MQTT client starts
// instead of when the program starts: a display without [mqtt] maps neither it nor the
// OpenSSL it links (0.7 MiB resident once loaded: docs/network.md). The declarations are
// libmosquitto's own (Debian's libmosquitto-dev); Loader.c defines each function the Network
// module calls as a call through a pointer that nightstand_mosquitto_load() fills from
// libmosquitto.so.1.
#ifndef NIGHTSTAND_CMOSQUITTO_H
#define NIGHTSTAND_CMOSQUITTO_H

#include <stddef.h>
#include <mosquitto.h>
#include <mqtt_protocol.h>

/// Opens libmosquitto.so.1 (once; later calls return the first answer) and finds the
/// functions. Returns 0, or -1 with what went wrong in `error` (`size` bytes, NUL-ended).
/// Call it before any mosquitto_ function; they must not be called when it failed.
int nightstand_mosquitto_load(char *error, size_t size);

#endif

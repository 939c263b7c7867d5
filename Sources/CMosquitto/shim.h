// System library shim for libmosquitto, the Eclipse Mosquitto MQTT client (pkg-config),
// provided by Debian's libmosquitto-dev.
#include <mosquitto.h>
#include <mqtt_protocol.h>

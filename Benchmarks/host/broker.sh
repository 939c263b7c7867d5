# Sourced by the measuring scripts (Benchmarks/host/measure.sh, Benchmarks/fleet/at-rest.sh):
# start_broker WORK starts a Mosquitto on loopback with a plain listener ($mqtt_port) and a TLS
# one ($tls_port, a CA and a broker certificate for 127.0.0.1 made in WORK by
# scripts/test-certificates); its pid in $broker, for the caller's trap to stop. Needs
# Benchmarks/host/rest.sh's free_port.
start_broker() {
    local work=$1
    mqtt_port=$(free_port)
    tls_port=$(free_port)
    scripts/test-certificates "$work"
    cat > "$work/mosquitto.conf" <<CONF
per_listener_settings false
allow_anonymous true
persistence false
$([ "$(id -u)" = 0 ] && echo 'user root')
listener $mqtt_port 127.0.0.1
listener $tls_port 127.0.0.1
cafile $work/ca.crt
certfile $work/broker.crt
keyfile $work/broker.key
CONF
    mosquitto -c "$work/mosquitto.conf" >/dev/null 2>&1 &
    broker=$!
}

"""Real Home Assistant Core against a real Nightstand, both on loopback.

Run by scripts/ha-core-test with the Python of a virtual environment that has
homeassistant installed. Starts Mosquitto, `nightstand run` (headless) and `hass`, each on a
free loopback port in a temporary folder; onboards Home Assistant, adds the MQTT integration
through its own config flow (the REST API), and checks every Nightstand entity by its domain,
device class, unit and entity category (the entity registry, over the websocket API); the
Last error sensor; availability when Nightstand stops; and no MQTT warning in Home
Assistant's log. Prints `ha-core: N passed, N failed` and exits non-zero on a failure.
"""

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

import aiohttp

NIGHTSTAND = sys.argv[1]
# (entity id, domain, device class, unit, entity category) of each entity Home Assistant must
# show for a display without light sensor and with one view (docs/network.md).
EXPECTED = [
    ("select.bedroom_display_mode", None, None, None),
    ("sensor.bedroom_display_appearance", "enum", None, None),
    ("switch.bedroom_display_screen", None, None, None),
    ("button.bedroom_display_reload_timelines", None, None, None),
    ("button.bedroom_display_reload_configuration", None, None, "config"),
    ("button.bedroom_display_restart", "restart", None, "config"),
    ("sensor.bedroom_display_started", "timestamp", None, "diagnostic"),
    ("sensor.bedroom_display_cpu_temperature", "temperature", "°C", "diagnostic"),
    ("sensor.bedroom_display_memory_used", None, "%", "diagnostic"),
    ("sensor.bedroom_display_ip_address", None, None, "diagnostic"),
    ("sensor.bedroom_display_last_error", None, None, "diagnostic"),
    ("update.bedroom_display_nightstand", None, None, "diagnostic"),
]
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"), flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_http(session, url, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            async with session.get(url) as response:
                if response.status < 500:
                    return True
        except aiohttp.ClientError:
            pass
        await asyncio.sleep(1)
    return False


def last_error_logged(folder, states):
    """Whether the Last error sensor shows one of the warnings in nightstand's log (the
    failing widget's, the missing light sensor's), as its line without the time."""
    last = states.get("sensor.bedroom_display_last_error", {}).get("state", "")
    lines = open(f"{folder}/nightstand.log").read().splitlines()
    return any(line.split(" ", 1)[-1][:255] == last for line in lines
               if " warning " in line or " error " in line)


async def main(folder):
    mqtt_port, http_port = free_port(), free_port()
    with open(f"{folder}/mosquitto.conf", "w") as f:
        f.write(f"listener {mqtt_port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    broker = subprocess.Popen(["mosquitto", "-c", f"{folder}/mosquitto.conf"])
    with open(f"{folder}/nightstand.toml", "w") as f:
        f.write(
            '[display]\nbackend = "headless"\noutput = "none"\n\n'
            f'[mqtt]\nurl = "mqtt://127.0.0.1:{mqtt_port}"\nbase_topic = "nightstand/bedroom"\n'
            'name = "Bedroom display"\n'
            # A widget whose command fails: a warning for the Last error sensor.
            '\n[[widget]]\nkind = "command"\nid = "broken"\ncommand = ["/nonexistent/tool"]\n'
            '\n[[slot]]\nwidgets = ["broken"]\n'
        )
    display = subprocess.Popen(
        [NIGHTSTAND, "run", "--config", f"{folder}/nightstand.toml",
         "--socket", f"{folder}/control.sock"],
        stderr=open(f"{folder}/nightstand.log", "w"))
    config = f"{folder}/ha"
    os.makedirs(config)
    with open(f"{config}/configuration.yaml", "w") as f:
        f.write(
            "homeassistant:\n  name: Test\n  time_zone: UTC\n  unit_system: metric\n"
            f"http:\n  server_host: 127.0.0.1\n  server_port: {http_port}\n"
            "api:\nconfig:\nonboarding:\nlogger:\n  default: warning\n"
        )
    hass = subprocess.Popen(
        [sys.executable, "-m", "homeassistant", "-c", config],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{http_port}"
    client_id = base + "/"
    try:
        async with aiohttp.ClientSession() as session:
            check("Home Assistant answers", await wait_http(session, base + "/api/", 600))
            async with session.post(base + "/api/onboarding/users", json={
                "client_id": client_id, "name": "Test", "username": "test",
                "password": "test-password", "language": "en"}) as r:
                code = (await r.json())["auth_code"]
            async with session.post(base + "/auth/token", data={
                "grant_type": "authorization_code", "code": code,
                "client_id": client_id}) as r:
                token = (await r.json())["access_token"]
            headers = {"Authorization": f"Bearer {token}"}
            async with session.post(base + "/api/config/config_entries/flow", headers=headers,
                                    json={"handler": "mqtt"}) as r:
                flow = await r.json()
            async with session.post(
                    base + f"/api/config/config_entries/flow/{flow['flow_id']}",
                    headers=headers,
                    json={"broker": "127.0.0.1", "port": mqtt_port}) as r:
                entry = await r.json()
            check("the MQTT config flow creates an entry", entry.get("type") == "create_entry",
                  entry)
            registry = {}
            deadline = time.monotonic() + 120
            async with session.ws_connect(base + "/api/websocket") as ws:
                await ws.receive_json()
                await ws.send_json({"type": "auth", "access_token": token})
                await ws.receive_json()
                ident = 1
                while time.monotonic() < deadline:
                    await ws.send_json({"id": ident, "type": "config/entity_registry/list"})
                    answer = await ws.receive_json()
                    ident += 1
                    registry = {e["entity_id"]: e for e in answer["result"]
                                if e["platform"] == "mqtt"}
                    if all(e[0] in registry for e in EXPECTED):
                        break
                    await asyncio.sleep(2)
            states = {}
            # The diagnostics are read on connecting and then every 5 minutes.
            deadline = time.monotonic() + 330
            while time.monotonic() < deadline:
                async with session.get(base + "/api/states", headers=headers) as r:
                    states = {s["entity_id"]: s for s in await r.json()}
                if last_error_logged(folder, states):
                    break
                await asyncio.sleep(2)
            for entity_id, device_class, unit, category in EXPECTED:
                entry = registry.get(entity_id)
                state = states.get(entity_id, {})
                attributes = state.get("attributes", {})
                check(f"{entity_id} exists", entry is not None, sorted(registry))
                if entry is None:
                    continue
                check(f"{entity_id} category {category}", entry.get("entity_category") == category,
                      entry.get("entity_category"))
                check(f"{entity_id} device class {device_class}",
                      attributes.get("device_class") == device_class, attributes)
                check(f"{entity_id} unit {unit}",
                      attributes.get("unit_of_measurement") == unit, attributes)
            check("no illuminance entity without a light sensor",
                  not any("illuminance" in e for e in registry), sorted(registry))
            check("Last error is a warning nightstand logged", last_error_logged(folder, states),
                  states.get("sensor.bedroom_display_last_error"))
            display.send_signal(signal.SIGTERM)
            display.wait(30)
            deadline = time.monotonic() + 60
            mode = ""
            while time.monotonic() < deadline:
                async with session.get(base + "/api/states/select.bedroom_display_mode",
                                       headers=headers) as r:
                    mode = (await r.json()).get("state")
                if mode == "unavailable":
                    break
                await asyncio.sleep(1)
            check("SIGTERM makes the entities unavailable", mode == "unavailable", mode)
        log = open(f"{config}/home-assistant.log").read() if os.path.exists(
            f"{config}/home-assistant.log") else ""
        warnings = [line for line in log.splitlines()
                    if ("WARNING" in line or "ERROR" in line) and "mqtt" in line.lower()]
        check("Home Assistant's log has no MQTT warning", not warnings, "\n".join(warnings))
    finally:
        for process in (hass, display, broker):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(60)
                except subprocess.TimeoutExpired:
                    process.kill()


with tempfile.TemporaryDirectory() as folder:
    asyncio.run(main(folder))
    if not all(results):
        print(open(f"{folder}/nightstand.log").read()[-3000:])
failed = results.count(False)
print(f"ha-core: {len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)

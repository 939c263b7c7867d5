"""Real Home Assistant Core against a real Nightstand, both on loopback.

Run by scripts/ha-core-test with the Python of a virtual environment that has
homeassistant installed. Starts Mosquitto, `nightstand run` (headless) and `hass`, each on a
free loopback port in a temporary folder; onboards Home Assistant, adds the MQTT integration
through its own config flow (the REST API), and checks every Nightstand entity by its domain,
device class, unit and entity category (the entity registry, over the websocket API); the
Last error sensor; the screen switch, the mode select and each button pressed from Home
Assistant; presence; a message through the notify entity, its banner on the image entity's
picture; availability when Nightstand restarts (the Restart button: exit status 75), is
killed (SIGKILL: the broker's last will) and stops (SIGTERM); and no MQTT warning in Home
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
from PIL import Image  # Home Assistant's own dependency
import io

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
    ("notify.bedroom_display_message", None, None, None),
    ("image.bedroom_display_screen_picture", None, None, None),
    ("number.bedroom_display_day_brightness", None, "%", "config"),
    ("number.bedroom_display_dim_brightness", None, "%", "config"),
    ("number.bedroom_display_night_brightness", None, "%", "config"),
    ("number.bedroom_display_idle_off", "duration", "min", "config"),
    ("number.bedroom_display_night_red", None, "%", "config"),
]
# The headless display's size, and where the message's banner shows on it
# (StandbyViews.MessageBanner.rect): its plate's grey by day, left of the text.
WIDTH, HEIGHT = 800, 480
UNIT = min(HEIGHT, WIDTH * 0.6)
PLATE = (round((WIDTH - min(WIDTH * 0.9, UNIT * 1.6)) / 2) + 20,
         round(UNIT * 0.04) + round(UNIT * 0.2) // 2)
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
    os.makedirs(f"{folder}/state")

    def start_display():
        return subprocess.Popen(
            [NIGHTSTAND, "run", "--config", f"{folder}/nightstand.toml",
             "--socket", f"{folder}/control.sock"],
            stderr=open(f"{folder}/nightstand.log", "a"),
            env={**os.environ, "STATE_DIRECTORY": f"{folder}/state"})

    def control(*words):
        return subprocess.run(
            [NIGHTSTAND, *words, "--socket", f"{folder}/control.sock"],
            capture_output=True, text=True, timeout=30)

    def logged(text):
        return text in open(f"{folder}/nightstand.log").read()

    display = start_display()
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

            async def state(entity_id):
                async with session.get(base + f"/api/states/{entity_id}", headers=headers) as r:
                    return (await r.json()).get("state") if r.status == 200 else None

            async def wait_state(entity_id, wanted, seconds=60):
                value = None
                deadline = time.monotonic() + seconds
                while time.monotonic() < deadline:
                    value = await state(entity_id)
                    if value in wanted:
                        break
                    await asyncio.sleep(1)
                return value

            async def wait(condition, seconds=60):
                deadline = time.monotonic() + seconds
                while time.monotonic() < deadline:
                    if condition():
                        return True
                    await asyncio.sleep(1)
                return False

            async def call(domain, service, **data):
                async with session.post(base + f"/api/services/{domain}/{service}",
                                        headers=headers, json=data) as r:
                    return r.status

            # The screen switch: off is the mode off, on hands the choice back.
            await call("switch", "turn_off", entity_id="switch.bedroom_display_screen")
            value = await wait_state("sensor.bedroom_display_appearance", ["off"])
            check("the screen switch turns the panel off", value == "off", value)
            value = await wait_state("switch.bedroom_display_screen", ["off"])
            check("the screen switch shows off", value == "off", value)
            await call("switch", "turn_on", entity_id="switch.bedroom_display_screen")
            value = await wait_state("switch.bedroom_display_screen", ["on"])
            check("the screen switch turns it on again", value == "on", value)
            check("  and the mode is auto", await state("select.bedroom_display_mode") == "auto")
            await call("select", "select_option", entity_id="select.bedroom_display_mode",
                       option="day")
            value = await wait_state("sensor.bedroom_display_appearance", ["day"])
            check("the mode select holds day", value == "day", value)

            # Brightness: a number set in Home Assistant, applied and kept in the state folder.
            await call("number", "set_value", entity_id="number.bedroom_display_night_brightness",
                       value=5)
            value = await wait_state("number.bedroom_display_night_brightness", ["5", "5.0"])
            check("Night brightness set to 5 %", value in ("5", "5.0"), value)
            kept = await wait(lambda: os.path.exists(f"{folder}/state/brightness") and open(
                f"{folder}/state/brightness").read() == '{"night":5}\n')
            check("  kept in the state directory", kept)

            # Presence, as a presence key reports it (the command it sends).
            said = control("send", "presence", "on")
            check("nightstand send presence on", said.returncode == 0, said.stderr)
            value = await wait_state("binary_sensor.bedroom_display_presence", ["on"])
            check("presence shows on", value == "on", value)
            async with session.get(base + "/api/states/binary_sensor.bedroom_display_presence",
                                   headers=headers) as r:
                attributes = (await r.json()).get("attributes", {})
            check("presence is an occupancy sensor",
                  attributes.get("device_class") == "occupancy", attributes)

            # A message through the notify entity: on the display, and on the image entity.
            status = await call("notify", "send_message",
                                entity_id="notify.bedroom_display_message",
                                message="Laundry done")
            check("notify.send_message is taken", status == 200, status)
            shown = await wait(lambda: 'message: "Laundry done"' in control("status").stdout)
            check("the display shows the message", shown, control("status").stdout)
            picture = None

            async def banner_pictured():
                nonlocal picture
                async with session.get(
                        base + "/api/image_proxy/image.bedroom_display_screen_picture",
                        headers=headers) as r:
                    if r.status != 200:
                        return False
                    picture = Image.open(io.BytesIO(await r.read())).convert("RGB")
                return picture.size == (WIDTH, HEIGHT) and picture.getpixel(PLATE) == (51, 51, 51)

            deadline = time.monotonic() + 90
            pictured = False
            while time.monotonic() < deadline and not pictured:
                pictured = await banner_pictured()
                await asyncio.sleep(2)
            check("the image entity shows the banner (within 30 s and a frame)", pictured,
                  picture and (picture.size, picture.getpixel(PLATE)))

            # Controls: night red and idle off set in Home Assistant, applied and kept.
            await call("number", "set_value", entity_id="number.bedroom_display_night_red",
                       value=40)
            value = await wait_state("number.bedroom_display_night_red", ["40", "40.0"])
            check("Night red set to 40 %", value in ("40", "40.0"), value)
            await call("number", "set_value", entity_id="number.bedroom_display_idle_off",
                       value=1)
            value = await wait_state("number.bedroom_display_idle_off", ["1", "1.0"])
            check("Idle off set to 1 min", value in ("1", "1.0"), value)
            check("  sent as idle-off 60 s", await wait(lambda: logged("idle-off 60 s")))
            kept = await wait(lambda: os.path.exists(f"{folder}/state/controls") and open(
                f"{folder}/state/controls").read() == '{"idle-off":60,"night-red":40}\n')
            check("  both kept in the state directory", kept,
                  os.path.exists(f"{folder}/state/controls")
                  and open(f"{folder}/state/controls").read())
            # No touch since the start, more than a minute ago: the panel goes off.
            value = await wait_state("sensor.bedroom_display_appearance", ["off"], 90)
            check("  the panel goes off for idleness", value == "off", value)
            await call("number", "set_value", entity_id="number.bedroom_display_idle_off",
                       value=0)
            value = await wait_state("number.bedroom_display_idle_off", ["0", "0.0"])
            check("Idle off set to 0 (never)", value in ("0", "0.0"), value)
            control("send", "idle", "off")
            value = await wait_state("sensor.bedroom_display_appearance", ["day"])
            check("  the panel back on", value == "day", value)
            state_photos = await state("number.bedroom_display_photos_interval")
            check("no photos interval without the photos view", state_photos is None,
                  state_photos)

            # Buttons.
            await call("button", "press", entity_id="button.bedroom_display_reload_timelines")
            check("Reload timelines reloads", await wait(lambda: logged("reload requested: all")))
            await call("button", "press",
                       entity_id="button.bedroom_display_reload_configuration")
            check("Reload configuration reloads",
                  await wait(lambda: logged("configuration reloaded from")))
            await call("button", "press", entity_id="button.bedroom_display_restart")
            try:
                status = display.wait(60)
            except subprocess.TimeoutExpired:
                status = None
            check("Restart ends nightstand with status 75 (for systemd)", status == 75, status)
            value = await wait_state("select.bedroom_display_mode", ["unavailable"])
            check("  unavailable meanwhile", value == "unavailable", value)
            display = start_display()  # as systemd's Restart=on-failure does
            value = await wait_state("select.bedroom_display_mode", ["auto", "day"])
            check("  available again after the restart", value in ("auto", "day"), value)
            # Not kept, the display would publish the file's 10 % again on connecting.
            value = await wait_state("number.bedroom_display_night_brightness", ["10", "10.0"], 5)
            check("  the night brightness kept across the restart", value in ("5", "5.0"), value)
            value = await wait_state("number.bedroom_display_night_red", ["100", "100.0"], 5)
            check("  night red kept across the restart", value in ("40", "40.0"), value)

            # The last will: a killed display is unavailable at once.
            display.send_signal(signal.SIGKILL)
            display.wait(30)
            value = await wait_state("select.bedroom_display_mode", ["unavailable"], 30)
            check("SIGKILL makes the entities unavailable (last will)", value == "unavailable",
                  value)
            display = start_display()
            value = await wait_state("select.bedroom_display_mode", ["auto", "day"])
            check("  available again when it starts", value in ("auto", "day"), value)
            display.send_signal(signal.SIGTERM)
            display.wait(30)
            mode = await wait_state("select.bedroom_display_mode", ["unavailable"])
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

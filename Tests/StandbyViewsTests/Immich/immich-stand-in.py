#!/usr/bin/env python3
# A stand-in for an Immich server on loopback (Tests/StandbyViewsTests/Immich/ImmichStandIn.swift
# drives it in the tests, Benchmarks/host/measure-remote.sh in the figures): it answers the four
# calls the photos view makes exactly as Immich's OpenAPI description
# (open-api/immich-openapi-specs.json of immich-app/immich, Immich 1.112.1) gives them, and logs
# every request to ROOT/requests. Its state is ROOT/state.json, read at every request; a photo's
# preview is ROOT/assets/<id>.jpg. Writes the port it listens on to ROOT/port.
#
#   immich-stand-in.py ROOT PORT      # PORT 0: any free port
import json, os, sys, re
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from urllib.parse import urlsplit, parse_qs
root, port = sys.argv[1], int(sys.argv[2])
STAMP = "2026-11-01T10:00:00.000Z"
USER = {"id": "u1", "email": "pi@example.org", "name": "pi", "profileImagePath": "",
        "avatarColor": "primary", "profileChangedAt": STAMP}
def asset(a, v2, owner="u1"):
    # AssetResponseDto: every field the spec requires, and its type's values; 2.4.1 requires
    # createdAt, height, width and visibility too.
    extra = {"createdAt": STAMP, "height": 960, "width": 1440, "visibility": "timeline"} if v2 else {}
    return extra | {"id": a["id"], "type": a["type"], "isTrashed": a["isTrashed"],
            "checksum": "2jmj7l5rSw0yVb/vlWAYkK/YBwk=", "deviceAssetId": "d-" + a["id"],
            "deviceId": "phone", "duration": "0:00:00.00000", "fileCreatedAt": STAMP,
            "fileModifiedAt": STAMP, "hasMetadata": True, "isArchived": False,
            "isFavorite": False, "isOffline": False, "localDateTime": STAMP,
            "originalFileName": a["id"] + ".jpg", "originalPath": "/upload/" + a["id"],
            "ownerId": owner, "thumbhash": None, "updatedAt": STAMP}
def album(s, with_assets):
    a = s["album"]
    assets = [asset(x, s["version"][0] >= 2) for x in a["assets"]] if with_assets else []
    # AlbumResponseDto: every field the spec requires.
    return {"id": a["id"], "albumName": a["albumName"], "albumThumbnailAssetId": None,
            "albumUsers": [], "assetCount": len(a["assets"]), "assets": assets,
            "createdAt": STAMP, "description": "", "hasSharedLink": False,
            "isActivityEnabled": True, "owner": USER, "ownerId": "u1", "shared": False,
            "updatedAt": STAMP}
class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args): pass
    def answer(self, status, body, kind="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def do_GET(self):
        with open(os.path.join(root, "state.json")) as f: s = json.load(f)
        parts = urlsplit(self.path)
        key = self.headers.get("x-api-key")
        with open(os.path.join(root, "requests"), "a") as f:
            f.write("GET %s key=%s\n" % (self.path, key))
        if parts.path == "/api/server/version":
            major, minor, patch = s["version"]
            return self.answer(200, {"major": major, "minor": minor, "patch": patch})
        if key != s["key"]:
            return self.answer(401, {"message": "Invalid API key", "error": "Unauthorized",
                                     "statusCode": 401})
        if parts.path == "/api/albums":
            return self.answer(200, [album(s, False)])
        m = re.fullmatch(r"/api/albums/([0-9a-f-]+)", parts.path)
        if m:
            if m.group(1) != s["album"]["id"]:
                return self.answer(400, {"message": "Not found or no album.read access",
                                         "error": "Bad Request", "statusCode": 400})
            return self.answer(200, album(s, True))
        m = re.fullmatch(r"/api/assets/([0-9a-f-]+)/thumbnail", parts.path)
        if m:
            size = parse_qs(parts.query).get("size", ["thumbnail"])[0]
            sizes = ("fullsize", "preview", "thumbnail") if s["version"][0] >= 2 else ("preview", "thumbnail")
            if size not in sizes:
                return self.answer(400, {"message": ["size must be one of " + ", ".join(sizes)]})
            path = os.path.join(root, "assets", m.group(1) + ".jpg")
            if not os.path.exists(path):
                return self.answer(404, {"message": "Not found"})
            with open(path, "rb") as f: return self.answer(200, f.read(), s["previewType"])
        return self.answer(404, {"message": "Cannot GET " + parts.path})
server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
with open(os.path.join(root, "port.tmp"), "w") as f: f.write(str(server.server_address[1]))
os.rename(os.path.join(root, "port.tmp"), os.path.join(root, "port"))
server.serve_forever()


import Foundation
import StandbyViews
import Testing

@testable import Standby

/// `[layout] views` and `view_schedule`, and `[photos]`: what they read, and every mistake
/// refused at its line with what was expected.
@Suite struct ViewsConfigurationTests {
    private func failure(_ text: String) -> String {
        do {
            _ = try Configuration.parse(text, file: "views.toml")
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test("[photos] immich: an album read as written, every mistake named at its line")
    func immich() throws {
        let config = try Configuration.parse(
            """
            [layout]
            views = ["photos"]
            [photos]
            immich = { url = "http://immich.local:2283/", album = "Bedside", api_key_file = "/etc/k", cache = "/var/cache/n", cache_mib = 50 }
            """, file: "views.toml")
        let immich = try #require(config.photos.immich)
        #expect(immich.url.absoluteString == "http://immich.local:2283/")
        #expect(immich.album == "Bedside")
        #expect(immich.apiKeyFile == "/etc/k")
        #expect(immich.cache == "/var/cache/n")
        #expect(immich.cacheLimit == 50 << 20)
        let table = "[photos]\nimmich = { url = \"http://h\", album = \"A\", api_key_file = \"/k\""
        #expect(
            failure(table + ", size = 1 }")
                == "views.toml:2: [photos] immich size: unknown key; expected one of url, album, "
                + "api_key_file, cache, cache_mib")
        #expect(
            failure("[photos]\nimmich = { url = \"http://h\", api_key_file = \"/k\" }")
                == "views.toml:2: [photos] immich album: expected the album's name or id")
        #expect(
            failure(
                "[photos]\nimmich = { url = \"ftp://h\", album = \"A\", api_key_file = \"/k\" }")
                == #"views.toml:2: [photos] immich url: expected an http:// or https:// address, found "ftp://h""#
        )
        #expect(
            failure("[photos]\nfolder = \"/p\"\n" + String(table.dropFirst(9)) + " }")
                == "views.toml:3: [photos] immich: expected either folder or immich, not both")
        #expect(
            failure(table + ", cache_mib = 1 }")
                == "views.toml:2: [photos] immich cache_mib: expected MiB from 10 to 100000, found 1"
        )
    }

    @Test("views, the schedule and [photos] read as written; style = clock is views = [clock]")
    func reads() throws {
        let config = try Configuration.parse(
            """
            [layout]
            views = ["clock", "photos", "widgets"]
            view_schedule = ["22:30 clock", "7:00 widgets"]
            [photos]
            folder = "/srv/photos"
            interval = "2m"
            scale = "fit"
            order = "name"
            fade = "0s"
            night = "photos"
            overlay = "bottom-right"
            24h = false
            """, file: "views.toml")
        #expect(config.layout.views == [.clock, .photos, .widgets])
        #expect(config.layout.viewSchedule.map(\.minute) == [1350, 420])
        var photos = PhotosConfiguration()
        photos.folder = "/srv/photos"
        photos.interval = 120
        photos.scale = .fit
        photos.order = .name
        photos.fade = 0
        photos.night = .photos
        photos.overlay = .bottomRight
        photos.hour24 = false
        #expect(config.photos == photos)
        let week = try Configuration.parse(
            """
            [ambient]
            night = ["mon-thu,sun 22:30-06:30", "fri,sat 23:30-08:30"]
            off = "sat 02:00-05:00"
            [layout]
            views = ["widgets", "clock"]
            view_schedule = ["07:00 widgets", "sat,sun 09:00 clock"]
            """, file: "week.toml")
        #expect(
            week.ambient.schedule.windows[.night]?.map(\.description) == [
                "mon-thu,sun 22:30-06:30", "fri,sat 23:30-08:30",
            ])
        #expect(week.ambient.schedule.windows[.off]?.map(\.description) == ["sat 02:00-05:00"])
        #expect(week.layout.viewSchedule.map(\.days.description) == ["daily", "sat,sun"])
        let old = try Configuration.parse("[layout]\nstyle = \"clock\"", file: "old.toml")
        #expect(old.layout.views == [.clock])
        #expect(try Configuration.parse("", file: "none.toml").layout.views == [.widgets])
    }

    @Test("each mistake names its line, its key and what was expected")
    func mistakes() {
        #expect(
            failure("[layout]\nviews = [\"widgets\", \"tv\"]")
                == #"views.toml:2: [layout] views: expected views among "widgets", "photos", "clock", found "tv""#
        )
        #expect(
            failure("[layout]\nviews = [\"clock\", \"clock\"]")
                == #"views.toml:2: [layout] views: expected each view once, found "clock" twice"#)
        #expect(
            failure("[layout]\nviews = []")
                == #"views.toml:2: [layout] views: expected at least one of "widgets", "photos", "clock", found []"#
        )
        #expect(
            failure("[layout]\nview_schedule = [\"25:00 clock\"]")
                == #"views.toml:2: [layout] view_schedule: expected entries such as "22:30 clock" or "sat,sun 09:00 photos" (days if not every day, a 24-hour time and a view), found "25:00 clock""#
        )
        #expect(
            failure(
                "[layout]\nviews = [\"widgets\", \"clock\"]\nview_schedule = [\"mon-fry 07:00 clock\"]"
            )
                == #"views.toml:3: [layout] view_schedule: expected entries such as "22:30 clock" or "sat,sun 09:00 photos" (days if not every day, a 24-hour time and a view), found "mon-fry 07:00 clock""#
        )
        #expect(
            failure("[ambient]\nnight = [\"mon-thu 22:30-06:30\", \"fry 23:30-08:30\"]")
                .hasPrefix(#"views.toml:2: [ambient] night: "fry 23:30-08:30": "fry" is not a day"#)
        )
        #expect(
            failure("[ambient]\nnight = [\"mon-thu 22:30-06:30\", 7]")
                == #"views.toml:2: [ambient] night: expected an array of strings, found ["mon-thu 22:30-06:30", 7]"#
        )
        #expect(
            failure("[layout]\nview_schedule = [\"22:00 clock\"]")
                == #"views.toml:2: [layout] view_schedule: expected views listed in views, found "clock" in "22:00 clock""#
        )
        #expect(
            failure("[layout]\nviews = [\"photos\"]")
                == #"views.toml:2: [layout] views: expected a [photos] folder or immich album for the photos view: add [photos] folder = "…" or immich = { … }"#
        )
        #expect(
            failure("[photos]\ninterval = \"1s\"")
                == "views.toml:2: [photos] interval: expected a duration from 5s to 1d, found \"1s\""
        )
        #expect(
            failure("[photos]\ninterval = \"10s\"\nfade = \"10s\"")
                == "views.toml:3: [photos] fade: expected a fade shorter than the interval (10.0 s), found 10.0 s"
        )
        #expect(
            failure("[photos]\nscale = \"zoom\"")
                == #"views.toml:2: [photos] scale: expected one of fill, fit, found "zoom""#)
        #expect(
            failure("[photos]\nfolder = \"\"")
                == #"views.toml:2: [photos] folder: expected a folder, found """#)
        #expect(
            failure("[photos]\nfolders = \"/srv\"").hasPrefix(
                "views.toml:2: [photos] folders: unknown key"))
        #expect(
            failure(
                "[[widget]]\nid = \"standby:clock\"\nkind = \"clock\"\n[[slot]]\nwidgets = [\"standby:clock\"]"
            )
            .contains("the id \"standby:clock\" is the full-screen clock's"))
    }
}

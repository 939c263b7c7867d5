/*
 * The reference scene "standby-pair" (docs/bench-scene.md) drawn with Cairo's image backend,
 * for comparison with `nightstand bench`. Prints one line per size in the same form:
 *   size=1920x1080 frame_ms=… night_ms=… peak_rss_mib=…
 * plus memset_ms, the time to write the frame's bytes once.
 *
 * Build and run: Benchmarks/cairo/run.sh   (needs libcairo2-dev, fonts-dejavu-core)
 */
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void hex(cairo_t *cr, unsigned rgb) {
    cairo_set_source_rgb(cr, ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0, (rgb & 255) / 255.0);
}

static void centered(cairo_t *cr, cairo_font_face_t *face, double px, unsigned rgb, const char *s,
                     double cx, double baseline) {
    cairo_text_extents_t e;
    cairo_set_font_face(cr, face);
    cairo_set_font_size(cr, px);
    cairo_text_extents(cr, s, &e);
    hex(cr, rgb);
    cairo_move_to(cr, cx - e.x_advance / 2, baseline);
    cairo_show_text(cr, s);
}

static void rounded(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

static void draw(cairo_t *cr, int W, int H, cairo_font_face_t *bold, cairo_font_face_t *book) {
    int m = (int)lround(0.04 * H), g = m;
    int s = (int)floor(fmin(H - 2 * m, (W - 2 * m - g) / 2.0));
    int x0 = (W - 2 * s - g) / 2, y0 = (H - s) / 2;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    for (int t = 0; t < 2; t++) {
        double tx = x0 + t * (s + g);
        rounded(cr, tx, y0, s, s, 0.13 * s);
        hex(cr, 0x1C1C1E);
        cairo_fill(cr);
    }
    centered(cr, bold, 0.27 * s, 0xFFFFFF, "10:09", x0 + 0.5 * s, y0 + 0.58 * s);
    centered(cr, bold, 0.11 * s, 0xFF453A, "SAT 21", x0 + 0.5 * s, y0 + 0.80 * s);
    double t2 = x0 + s + g, cx = t2 + 0.5 * s, cy = y0 + 0.45 * s;
    cairo_set_line_width(cr, 0.07 * s);
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, 0.30 * s, 0, 2 * M_PI);
    hex(cr, 0x3A3A3C);
    cairo_stroke(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, 0.30 * s, -M_PI / 2, -M_PI / 2 + 0.72 * 2 * M_PI);
    hex(cr, 0x30D158);
    cairo_stroke(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    centered(cr, bold, 0.14 * s, 0xFFFFFF, "72%", cx, y0 + 0.50 * s);
    centered(cr, book, 0.09 * s, 0x8E8E93, "Battery", cx, y0 + 0.90 * s);
}

/* The scene's night pass (docs/bench-scene.md): R = round(0.2126 R + 0.7152 G + 0.0722 B), G = B = 0. */
static void night(uint32_t *px, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint32_t p = px[i];
        uint32_t r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
        uint32_t l = (13933 * r + 46871 * g + 4732 * b + 32768) >> 16;
        px[i] = (p & 0xFF000000u) | (l << 16);
    }
}

int main(int argc, char **argv) {
    const char *dir = "/usr/share/fonts/truetype/dejavu";
    char path[512];
    FT_Library lib;
    FT_Face fbold, fbook;
    FT_Init_FreeType(&lib);
    snprintf(path, sizeof path, "%s/DejaVuSans-Bold.ttf", dir);
    if (FT_New_Face(lib, path, 0, &fbold)) { fprintf(stderr, "cannot open %s\n", path); return 1; }
    snprintf(path, sizeof path, "%s/DejaVuSans.ttf", dir);
    if (FT_New_Face(lib, path, 0, &fbook)) { fprintf(stderr, "cannot open %s\n", path); return 1; }
    cairo_font_face_t *bold = cairo_ft_font_face_create_for_ft_face(fbold, 0);
    cairo_font_face_t *book = cairo_ft_font_face_create_for_ft_face(fbook, 0);
    int sizes[][2] = {{800, 480}, {1280, 720}, {1920, 1080}};
    int nsizes = 3, repeats = 200;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--size") && i + 1 < argc && sscanf(argv[i + 1], "%dx%d", &sizes[0][0], &sizes[0][1]) == 2) { nsizes = 1; i++; }
        else if (!strcmp(argv[i], "--repeats") && i + 1 < argc) repeats = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
    }
    double *times = malloc(sizeof(double) * repeats);
    for (int k = 0; k < nsizes; k++) {
        int W = sizes[k][0], H = sizes[k][1];
        cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
        cairo_t *cr = cairo_create(surf);
        uint32_t *px = (uint32_t *)cairo_image_surface_get_data(surf);
        size_t n = (size_t)cairo_image_surface_get_stride(surf) / 4 * H;
        for (int w = 0; w < 5; w++) draw(cr, W, H, bold, book); /* warm the glyph cache */
        for (int r = 0; r < repeats; r++) {
            double t = now_ms();
            draw(cr, W, H, bold, book);
            cairo_surface_flush(surf);
            times[r] = now_ms() - t;
        }
        double frame = median(times, repeats);
        if (out) { cairo_surface_write_to_png(surf, out); }
        for (int r = 0; r < repeats; r++) {
            draw(cr, W, H, bold, book);
            cairo_surface_flush(surf);
            double t = now_ms();
            night(px, n);
            times[r] = now_ms() - t;
        }
        double nightms = median(times, repeats);
        for (int r = 0; r < repeats; r++) {
            double t = now_ms();
            memset(px, r & 1, n * 4);
            __asm__ volatile("" ::: "memory");
            times[r] = now_ms() - t;
        }
        double memsetms = median(times, repeats);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("size=%dx%d frame_ms=%.3f night_ms=%.3f memset_ms=%.3f peak_rss_mib=%.1f renderer=cairo-%s\n",
               W, H, frame, nightms, memsetms, ru.ru_maxrss / 1024.0, cairo_version_string());
        cairo_destroy(cr);
        cairo_surface_destroy(surf);
    }
    return 0;
}

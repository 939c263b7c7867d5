// System library shim for libdrm (pkg-config), provided by Debian's libdrm-dev.
//
// Also the kernel uapi Display needs (fbdev, console, VT) and non-variadic wrappers around
// ioctl(2): Swift cannot call C variadic functions, and the request macros (_IOWR, …) do not
// import. Each wrapper returns what ioctl returns (-1 and errno on failure).
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

// MARK: DRM fourcc codes (drm_fourcc.h defines them with a function-like macro).

static inline unsigned int nightstand_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline unsigned int nightstand_drm_format_xbgr8888(void) { return DRM_FORMAT_XBGR8888; }
static inline unsigned int nightstand_drm_format_rgb565(void) { return DRM_FORMAT_RGB565; }
static inline unsigned int nightstand_drm_format_bgr565(void) { return DRM_FORMAT_BGR565; }
static inline unsigned int nightstand_drm_format_rgb888(void) { return DRM_FORMAT_RGB888; }
static inline unsigned int nightstand_drm_format_bgr888(void) { return DRM_FORMAT_BGR888; }

// MARK: DRM dumb buffers (uapi drm_mode.h: DRM_IOCTL_MODE_{CREATE,MAP,DESTROY}_DUMB).

static inline int nightstand_drm_create_dumb(
    int fd, unsigned int width, unsigned int height, unsigned int bpp,
    unsigned int *handle, unsigned int *pitch, unsigned long long *size) {
    struct drm_mode_create_dumb req = {0};
    req.width = width;
    req.height = height;
    req.bpp = bpp;
    int r = drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &req);
    if (r == 0) {
        *handle = req.handle;
        *pitch = req.pitch;
        *size = req.size;
    }
    return r;
}

static inline int nightstand_drm_map_dumb(int fd, unsigned int handle, unsigned long long *offset) {
    struct drm_mode_map_dumb req = {0};
    req.handle = handle;
    int r = drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &req);
    if (r == 0) *offset = req.offset;
    return r;
}

static inline int nightstand_drm_destroy_dumb(int fd, unsigned int handle) {
    struct drm_mode_destroy_dumb req = {0};
    req.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &req);
}

// MARK: fbdev (uapi linux/fb.h).

static inline int nightstand_fb_get_vscreeninfo(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOGET_VSCREENINFO, info);
}
static inline int nightstand_fb_put_vscreeninfo(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOPUT_VSCREENINFO, info);
}
static inline int nightstand_fb_get_fscreeninfo(int fd, struct fb_fix_screeninfo *info) {
    return ioctl(fd, FBIOGET_FSCREENINFO, info);
}
static inline int nightstand_fb_pan_display(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOPAN_DISPLAY, info);
}
static inline int nightstand_fb_blank(int fd, int level) {
    return ioctl(fd, FBIOBLANK, (unsigned long)level);
}
static inline int nightstand_fb_blank_unblank(void) { return FB_BLANK_UNBLANK; }
/// Waits for the next vertical blank of the framebuffer's first CRTC (FBIO_WAITFORVSYNC,
/// _IOW('F', 0x20, __u32)); drivers without it answer ENOTTY or EINVAL.
static inline int nightstand_fb_wait_for_vsync(int fd) {
    __u32 crtc = 0;
    return ioctl(fd, FBIO_WAITFORVSYNC, &crtc);
}
static inline int nightstand_fb_blank_powerdown(void) { return FB_BLANK_POWERDOWN; }

// MARK: Console (uapi linux/kd.h, linux/vt.h).

static inline int nightstand_kd_get_mode(int fd, int *mode) {
    unsigned long m = 0;
    int r = ioctl(fd, KDGETMODE, &m);
    if (r == 0) *mode = (int)m;
    return r;
}
static inline int nightstand_kd_set_mode(int fd, int mode) {
    return ioctl(fd, KDSETMODE, (unsigned long)mode);
}
static inline int nightstand_kd_graphics(void) { return KD_GRAPHICS; }
static inline int nightstand_kd_text(void) { return KD_TEXT; }
static inline int nightstand_vt_active(int fd, unsigned short *active) {
    struct vt_stat st = {0};
    int r = ioctl(fd, VT_GETSTATE, &st);
    if (r == 0) *active = st.v_active;
    return r;
}
// Switches to VT `number` and waits until it is the active one.
static inline int nightstand_vt_activate(int fd, int number) {
    if (ioctl(fd, VT_ACTIVATE, (unsigned long)number) != 0) return -1;
    return ioctl(fd, VT_WAITACTIVE, (unsigned long)number);
}

// MARK: VT switching (uapi linux/vt.h: VT_GETMODE, VT_SETMODE, VT_RELDISP).

// Saves the VT's switching mode into *saved (a struct vt_mode, opaque to Swift) and asks the
// kernel to signal `relsig` before switching away and `acqsig` after switching back.
static inline int nightstand_vt_set_process_mode(
    int fd, int relsig, int acqsig, struct vt_mode *saved) {
    if (ioctl(fd, VT_GETMODE, saved) != 0) return -1;
    struct vt_mode mode = {0};
    mode.mode = VT_PROCESS;
    mode.relsig = (short)relsig;
    mode.acqsig = (short)acqsig;
    return ioctl(fd, VT_SETMODE, &mode);
}
static inline int nightstand_vt_restore_mode(int fd, struct vt_mode *saved) {
    return ioctl(fd, VT_SETMODE, saved);
}
// Allows the pending switch away (after the display was released).
static inline int nightstand_vt_release_display(int fd) {
    return ioctl(fd, VT_RELDISP, 1UL);
}
// Acknowledges the switch back (before the display is taken again).
static inline int nightstand_vt_acknowledge_acquire(int fd) {
    return ioctl(fd, VT_RELDISP, (unsigned long)VT_ACKACQ);
}

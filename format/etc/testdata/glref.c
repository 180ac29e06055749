/* glref: decode compressed texture blocks with Mesa's OpenGL (llvmpipe, EGL surfaceless).
 * Usage: glref FORMAT_ENUM_HEX BLOCKW BLOCKH BLOCKBYTES < blocks > floats
 * Reads N blocks, uploads them as an image of N blocks in a row, reads back RGBA float32 with
 * glGetTexImage, writes for each block its BLOCKW*BLOCKH texels (row-major) as 4 float32 each. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: glref FORMAT BW BH BYTES\n"); return 2; }
    GLenum fmt = (GLenum)strtoul(argv[1], 0, 16);
    int bw = atoi(argv[2]), bh = atoi(argv[3]), bb = atoi(argv[4]);
    size_t cap = 1 << 20, n = 0;
    unsigned char *data = malloc(cap);
    size_t r;
    while ((r = fread(data + n, 1, cap - n, stdin)) > 0) { n += r; if (n == cap) { cap *= 2; data = realloc(data, cap); } }
    if (n % bb) { fprintf(stderr, "input not a multiple of %d\n", bb); return 1; }
    int blocks = n / bb;
    PFNEGLGETPLATFORMDISPLAYEXTPROC gpd = (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay d = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(d, 0, 0)) { fprintf(stderr, "eglInitialize failed\n"); return 1; }
    eglBindAPI(EGL_OPENGL_API);
    EGLint ca[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ca);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) { fprintf(stderr, "no context\n"); return 1; }
    PFNGLCOMPRESSEDTEXIMAGE2DPROC cti = (void *)eglGetProcAddress("glCompressedTexImage2D");
    /* Upload in rows of up to 256 blocks. */
    float *out = malloc((size_t)bw * bh * 4 * sizeof(float) * 256);
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    for (int b0 = 0; b0 < blocks; b0 += 256) {
        int nb = blocks - b0 < 256 ? blocks - b0 : 256;
        cti(GL_TEXTURE_2D, 0, fmt, nb * bw, bh, 0, nb * bb, data + (size_t)b0 * bb);
        GLenum e = glGetError();
        if (e) { fprintf(stderr, "glCompressedTexImage2D error 0x%x\n", e); return 1; }
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, out);
        if ((e = glGetError())) { fprintf(stderr, "glGetTexImage error 0x%x\n", e); return 1; }
        for (int k = 0; k < nb; k++)
            for (int y = 0; y < bh; y++)
                fwrite(out + ((size_t)y * nb * bw + (size_t)k * bw) * 4, sizeof(float), 4 * bw, stdout);
    }
    fprintf(stderr, "%s | %s\n", glGetString(GL_RENDERER), glGetString(GL_VERSION));
    return 0;
}

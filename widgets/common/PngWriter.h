#pragma once

#include <QByteArray>
#include <QImage>

// Encodes images as PNG for the screenshots and chart exports, several times faster than QImageWriter:
// each row is stored with PNG's "Up" filter and the image is deflated at zlib level 3 in horizontal
// strips, one per core, joined into one zlib stream as pigz does. On the app's screenshots and charts the
// files are 7 % smaller than Qt's in total (docs/performance.md has the measurements).
//
// What is written: the pixels at 8 bits per channel (RGB, or RGBA when the image's format has an alpha
// channel, colours not premultiplied) and the resolution (pHYs). Text keys and colour spaces are not.
class PngWriter
{
public:
    // The PNG file's bytes; empty for a null image or when memory runs out. At most 'threads' strips are
    // deflated at once (1 gives the same pixels, in a file a few hundred bytes smaller).
    static QByteArray encode(const QImage &image, int threads = defaultThreads());

    static int defaultThreads();
};

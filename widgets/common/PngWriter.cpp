#include "PngWriter.h"

#include <QThread>
#include <algorithm>
#include <cstring>
#include <new>
#include <system_error>
#include <thread>
#include <vector>
#include <zlib.h>

namespace {

// zlib's fast levels (1-3) match strings greedily. On screenshots level 3 is both faster and smaller than
// the default 6; on anti-aliased charts it is up to 17 % larger (docs/performance.md).
constexpr int kCompressionLevel = 3;
constexpr int kFilterUp = 2;             // PNG filter type: each byte minus the byte above it
constexpr int kRowsPerStripAtLeast = 32; // below this, a strip's thread costs more than it saves
constexpr qsizetype kMaxIdatChunk = 1 << 20;

void appendBigEndian(QByteArray &out, quint32 value)
{
    const char bytes[4] = {char(value >> 24), char(value >> 16), char(value >> 8), char(value)};
    out.append(bytes, 4);
}

void appendChunk(QByteArray &file, const char type[4], const char *data, qsizetype size)
{
    appendBigEndian(file, quint32(size));
    const qsizetype typeStart = file.size();
    file.append(type, 4);
    file.append(data, size);
    const auto *checked = reinterpret_cast<const Bytef *>(file.constData() + typeStart);
    appendBigEndian(file, quint32(crc32(0, checked, uInt(size + 4))));
}

// One horizontal strip of the image, filtered and deflated into raw deflate blocks. Every strip but the
// last ends on a byte boundary (Z_SYNC_FLUSH), so the strips concatenate into one deflate stream.
struct Strip
{
    int firstRow = 0;
    int endRow = 0;
    QByteArray deflated;
    uLong adler = adler32(0, nullptr, 0); // of the filtered bytes, combined into the stream's checksum
    bool ok = false;
};

// A row as deflated: the filter type byte, then R, G, B (and A) per pixel.
qsizetype filteredRowBytes(int width, bool alpha)
{
    return 1 + qsizetype(width) * (alpha ? 4 : 3);
}

// The pixels of one row as PNG stores them: R, G, B (and A) bytes, from an RGB32 or ARGB32 row.
void unpackRow(const QRgb *pixels, int width, bool alpha, uchar *out)
{
    for (int x = 0; x < width; ++x) {
        const QRgb pixel = pixels[x];
        *out++ = uchar(qRed(pixel));
        *out++ = uchar(qGreen(pixel));
        *out++ = uchar(qBlue(pixel));
        if (alpha)
            *out++ = uchar(qAlpha(pixel));
    }
}

void deflateStrip(const QImage &image, bool alpha, bool last, Strip &strip)
{
    const int width = image.width();
    const qsizetype rowBytes = filteredRowBytes(width, alpha) - 1;
    std::vector<uchar> above(size_t(rowBytes), 0); // the row above the first row of the image is zero
    std::vector<uchar> current(static_cast<size_t>(rowBytes));
    std::vector<uchar> filtered(size_t(rowBytes) + 1);
    filtered[0] = kFilterUp;
    if (strip.firstRow > 0)
        unpackRow(reinterpret_cast<const QRgb *>(image.constScanLine(strip.firstRow - 1)), width, alpha,
                  above.data());

    z_stream stream{};
    if (deflateInit2(&stream, kCompressionLevel, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return;
    struct EndDeflate
    {
        z_stream &stream;
        ~EndDeflate() { deflateEnd(&stream); }
    } endDeflate{stream};
    // Deflate into the output, growing it when full, until zlib has nothing left to write for this call.
    auto deflateInto = [&](const uchar *input, qsizetype size, int flush) {
        stream.next_in = const_cast<uchar *>(input);
        stream.avail_in = uInt(size);
        for (;;) {
            if (stream.avail_out == 0) {
                const qsizetype written = strip.deflated.size();
                strip.deflated.resize(written + std::max<qsizetype>(64 * 1024, written / 2));
                stream.next_out = reinterpret_cast<Bytef *>(strip.deflated.data() + written);
                stream.avail_out = uInt(strip.deflated.size() - written);
            }
            const int result = deflate(&stream, flush);
            if (result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR)
                return false;
            if (stream.avail_out != 0 && (flush != Z_FINISH || result == Z_STREAM_END))
                return true;
        }
    };

    bool ok = true;
    for (int y = strip.firstRow; ok && y < strip.endRow; ++y) {
        unpackRow(reinterpret_cast<const QRgb *>(image.constScanLine(y)), width, alpha, current.data());
        for (qsizetype i = 0; i < rowBytes; ++i)
            filtered[size_t(i) + 1] = uchar(current[size_t(i)] - above[size_t(i)]);
        std::swap(current, above);
        strip.adler = adler32(strip.adler, filtered.data(), uInt(filtered.size()));
        ok = deflateInto(filtered.data(), qsizetype(filtered.size()), Z_NO_FLUSH);
    }
    ok = ok && deflateInto(nullptr, 0, last ? Z_FINISH : Z_SYNC_FLUSH);
    strip.deflated.chop(stream.avail_out);
    strip.ok = ok;
}

// A strip's thread must not let an exception escape: running out of memory fails the encode instead.
void deflateStripOrFail(const QImage &image, bool alpha, bool last, Strip &strip) noexcept
{
    try {
        deflateStrip(image, alpha, last, strip);
    } catch (const std::bad_alloc &) {
        strip.ok = false;
    }
}

QByteArray encodeOrThrow(const QImage &image, int threads)
{
    const bool alpha = image.hasAlphaChannel();
    // A shallow copy when the image already is in this format (screen grabs are RGB32).
    const QImage source = image.convertToFormat(alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32);
    if (source.isNull())
        return {};
    const int height = source.height();
    const int stripCount = std::clamp(std::min(threads, height / kRowsPerStripAtLeast), 1, 64);
    std::vector<Strip> strips(static_cast<size_t>(stripCount));
    for (int i = 0; i < stripCount; ++i) {
        strips[size_t(i)].firstRow = int(qint64(height) * i / stripCount);
        strips[size_t(i)].endRow = int(qint64(height) * (i + 1) / stripCount);
    }
    {
        std::vector<std::thread> workers;
        for (int i = 1; i < stripCount; ++i) {
            const bool last = i == stripCount - 1;
            try {
                workers.emplace_back(deflateStripOrFail, std::cref(source), alpha, last,
                                     std::ref(strips[size_t(i)]));
            } catch (const std::system_error &) { // no thread to be had: this one does the strip
                deflateStripOrFail(source, alpha, last, strips[size_t(i)]);
            }
        }
        deflateStripOrFail(source, alpha, stripCount == 1, strips[0]);
        for (std::thread &worker : workers)
            worker.join();
    }

    // The zlib stream: a header naming the window and level, the strips, the Adler-32 of all filtered bytes.
    QByteArray zlibStream;
    const int cmf = 0x78; // deflate, 32 KiB window
    int flg = 1 << 6;     // "fast" compression level
    flg += 31 - (cmf * 256 + flg) % 31;
    zlibStream.append(char(cmf)).append(char(flg));
    uLong adler = strips[0].adler;
    for (size_t i = 0; i < strips.size(); ++i) {
        if (!strips[i].ok)
            return {};
        zlibStream.append(strips[i].deflated);
        if (i > 0)
            adler = adler32_combine(adler, strips[i].adler,
                                    z_off_t(strips[i].endRow - strips[i].firstRow) *
                                        filteredRowBytes(source.width(), alpha));
        strips[i].deflated = QByteArray();
    }
    appendBigEndian(zlibStream, quint32(adler));

    QByteArray file("\x89PNG\r\n\x1a\n", 8);
    QByteArray header;
    appendBigEndian(header, quint32(source.width()));
    appendBigEndian(header, quint32(height));
    const char depthTypeCompressionFilterInterlace[5] = {8, char(alpha ? 6 : 2), 0, 0, 0};
    header.append(depthTypeCompressionFilterInterlace, 5);
    appendChunk(file, "IHDR", header.constData(), header.size());
    if (source.dotsPerMeterX() > 0 && source.dotsPerMeterY() > 0) {
        QByteArray resolution;
        appendBigEndian(resolution, quint32(source.dotsPerMeterX()));
        appendBigEndian(resolution, quint32(source.dotsPerMeterY()));
        resolution.append(char(1)); // unit: metre
        appendChunk(file, "pHYs", resolution.constData(), resolution.size());
    }
    for (qsizetype at = 0; at < zlibStream.size(); at += kMaxIdatChunk)
        appendChunk(file, "IDAT", zlibStream.constData() + at,
                    std::min(kMaxIdatChunk, zlibStream.size() - at));
    appendChunk(file, "IEND", nullptr, 0);
    return file;
}

} // namespace

QByteArray PngWriter::encode(const QImage &image, int threads)
{
    if (image.isNull())
        return {};
    try {
        return encodeOrThrow(image, threads);
    } catch (const std::bad_alloc &) {
        return {};
    }
}

int PngWriter::defaultThreads()
{
    return std::max(1, QThread::idealThreadCount());
}

#include "PngWriter.h"

#include <QBuffer>
#include <QImageReader>
#include <QPainter>
#include <QtEndian>
#include <gtest/gtest.h>
#include <zlib.h>

namespace {

// An image with the content that makes strips and filters matter: gradients (every byte differs from the
// one above), text, and for ARGB32 partly transparent pixels.
QImage sampleImage(int width, int height, QImage::Format format)
{
    QImage image(width, height, format);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            image.setPixel(x, y,
                           qRgba((x * 7 + y) & 0xff, (y * 3) & 0xff, (x ^ y) & 0xff, 255 - ((x + y) & 0x7f)));
    QPainter painter(&image);
    painter.setPen(Qt::black);
    painter.drawText(image.rect(), Qt::AlignCenter, QStringLiteral("H100 SXM 989.4 TFLOPS"));
    return image;
}

QImage decode(const QByteArray &png)
{
    QImage image;
    image.loadFromData(png, "PNG");
    return image;
}

struct Chunk
{
    QByteArray type;
    QByteArray data;
};

// The file's chunks, each with its CRC checked.
std::vector<Chunk> chunks(const QByteArray &png)
{
    std::vector<Chunk> result;
    EXPECT_EQ(png.left(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    for (qsizetype at = 8; at + 12 <= png.size();) {
        const auto size = qsizetype(qFromBigEndian<quint32>(png.constData() + at));
        Chunk chunk{png.mid(at + 4, 4), png.mid(at + 8, size)};
        const QByteArray checked = png.mid(at + 4, size + 4);
        EXPECT_EQ(
            qFromBigEndian<quint32>(png.constData() + at + 8 + size),
            quint32(crc32(0, reinterpret_cast<const Bytef *>(checked.constData()), uInt(checked.size()))))
            << chunk.type.constData();
        result.push_back(chunk);
        at += size + 12;
    }
    return result;
}

// The IDAT chunks joined and inflated with zlib, which checks the stream's Adler-32 at its end (an image
// decoder may stop reading once it has its rows, and would not notice a wrong checksum).
QByteArray inflatedImageData(const QByteArray &png, int expectedSize)
{
    QByteArray stream;
    for (const Chunk &chunk : chunks(png))
        if (chunk.type == "IDAT")
            stream += chunk.data;
    QByteArray out(expectedSize + 1, Qt::Uninitialized); // one byte more: nothing may follow the rows
    uLongf outSize = uLongf(out.size());
    EXPECT_EQ(uncompress(reinterpret_cast<Bytef *>(out.data()), &outSize,
                         reinterpret_cast<const Bytef *>(stream.constData()), uLong(stream.size())),
              Z_OK);
    out.resize(qsizetype(outSize));
    return out;
}

struct Case
{
    int width;
    int height;
    QImage::Format format;
    int threads;
};

void PrintTo(const Case &c, std::ostream *os)
{
    *os << c.width << "x" << c.height << " format " << int(c.format) << ", " << c.threads << " threads";
}

class PngWriterRoundTrip : public testing::TestWithParam<Case>
{
};

TEST_P(PngWriterRoundTrip, DecodesToTheSamePixelsWithAValidZlibStream)
{
    const Case c = GetParam();
    const QImage image = sampleImage(c.width, c.height, c.format);
    const QByteArray png = PngWriter::encode(image, c.threads);
    ASSERT_FALSE(png.isEmpty());

    const QImage decoded = decode(png);
    ASSERT_FALSE(decoded.isNull());
    EXPECT_EQ(decoded.hasAlphaChannel(), image.hasAlphaChannel());
    // Premultiplied colours are written unpremultiplied, as every PNG stores them.
    const QImage::Format compared = image.hasAlphaChannel() ? QImage::Format_ARGB32 : QImage::Format_RGB32;
    EXPECT_EQ(decoded.convertToFormat(compared), image.convertToFormat(compared));

    const int channels = image.hasAlphaChannel() ? 4 : 3;
    EXPECT_EQ(inflatedImageData(png, c.height * (c.width * channels + 1)).size(),
              c.height * (c.width * channels + 1));
}

INSTANTIATE_TEST_SUITE_P(
    SizesFormatsAndStrips, PngWriterRoundTrip,
    testing::Values(Case{1, 1, QImage::Format_RGB32, 1}, Case{1, 1, QImage::Format_ARGB32, 4},
                    Case{1280, 800, QImage::Format_RGB32, 1}, // a screenshot in one strip
                    Case{1280, 800, QImage::Format_RGB32, 2}, // in two, joined
                    Case{333, 97, QImage::Format_RGB32, 3},   // odd sizes: strips of 32, 32 and 33 rows
                    Case{601, 350, QImage::Format_ARGB32_Premultiplied, 3}, // a chart export
                    Case{50, 200, QImage::Format_ARGB32, 64},               // fewer rows than threads want
                    Case{40, 30, QImage::Format_Grayscale8, 2},             // other formats become RGB
                    Case{40, 30, QImage::Format_RGBA64, 2}));

TEST(PngWriter, StripsChangeTheFileButNotThePixels)
{
    const QImage image = sampleImage(640, 480, QImage::Format_RGB32);
    const QByteArray one = PngWriter::encode(image, 1);
    const QByteArray four = PngWriter::encode(image, 4);
    EXPECT_NE(one, four); // the joins are there: four strips, four flushes
    EXPECT_EQ(decode(one), decode(four));
}

TEST(PngWriter, WritesTheResolutionSoAScaledExportPrintsAtItsSize)
{
    QImage image = sampleImage(64, 64, QImage::Format_ARGB32_Premultiplied);
    image.setDotsPerMeterX(7559); // 192 dpi
    image.setDotsPerMeterY(3780); // 96 dpi
    const QImage decoded = decode(PngWriter::encode(image));
    EXPECT_EQ(decoded.dotsPerMeterX(), 7559);
    EXPECT_EQ(decoded.dotsPerMeterY(), 3780);
}

TEST(PngWriter, HasOneHeaderFirstAndTheEndLast)
{
    const std::vector<Chunk> written = chunks(PngWriter::encode(sampleImage(20, 10, QImage::Format_RGB32)));
    ASSERT_GE(written.size(), 3u);
    EXPECT_EQ(written.front().type, "IHDR");
    EXPECT_EQ(written.back().type, "IEND");
    const uchar *header = reinterpret_cast<const uchar *>(written.front().data.constData());
    EXPECT_EQ(qFromBigEndian<quint32>(header), 20u);
    EXPECT_EQ(qFromBigEndian<quint32>(header + 4), 10u);
    EXPECT_EQ(header[8], 8);  // bits per channel
    EXPECT_EQ(header[9], 2);  // RGB
    EXPECT_EQ(header[12], 0); // not interlaced
}

TEST(PngWriter, CompressesAFlatScreenshotLikeImage)
{
    // A window is mostly flat colour: its file must be a small fraction of its pixels' 3 bytes each.
    QImage image(1280, 800, QImage::Format_RGB32);
    image.fill(QColor(240, 240, 240));
    QPainter painter(&image);
    for (int y = 40; y < 800; y += 24)
        painter.drawText(20, y, QStringLiteral("NVIDIA H100 SXM   80 GB   3.35 TB/s   989.4 TFLOPS"));
    painter.end();
    const QByteArray png = PngWriter::encode(image);
    EXPECT_LT(png.size(), 1280 * 800 * 3 / 20);
    EXPECT_EQ(decode(png), image);
}

TEST(PngWriter, ANullImageGivesNoFile)
{
    EXPECT_TRUE(PngWriter::encode(QImage()).isEmpty());
}

} // namespace

// WrappedLabel: the lines it paints fit the width they were wrapped for, its height is its lines' height,
// nothing of the text is lost, Chinese wraps without spaces, and what it paints stays inside that height.

#include "widgets/common/WrappedLabel.h"

#include <QFontMetrics>
#include <QImage>
#include <QPainter>
#include <QTextBoundaryFinder>
#include <QtMath>
#include <gtest/gtest.h>

namespace {

const QString kReasons = QStringLiteral(
    "\u2022 does not fit on 1 GPU: 150.8 GB per GPU needed of 80 GB; needs 2 GPUs\n"
    "\u2022 dense FP16/BF16 tensor 312.0 TFLOPS, 0.32x the strongest here (H100 SXM5 80GB, 989.4)\n"
    "\u2022 fits");

bool hasBreakInside(const QString &line)
{
    QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, line);
    const qsizetype at = breaks.toNextBoundary();
    return at > 0 && at < line.size();
}

QString withoutSpaces(QString text)
{
    text.remove(u' ');
    text.remove(u'\n');
    return text;
}

} // namespace

TEST(WrappedLabel, EveryLineFitsItsWidthAndNoTextIsLost)
{
    WrappedLabel label;
    label.setText(kReasons);
    const QFontMetrics metrics(label.font());
    for (int width : {60, 120, 180, 260, 400, 2000}) {
        const QStringList lines = label.linesAt(width);
        ASSERT_GE(lines.size(), 3) << width; // at least one line per paragraph
        for (const QString &line : lines) {
            // Only a piece with no break opportunity inside ("SXM5 80GB," stays together under Unicode
            // line breaking) may be wider than the line, as in QLabel.
            if (metrics.horizontalAdvance(line) > width + 1) {
                EXPECT_FALSE(hasBreakInside(line)) << width << ": " << qPrintable(line);
            }
        }
        EXPECT_EQ(withoutSpaces(lines.join(QString())), withoutSpaces(kReasons)) << width;
    }
    EXPECT_EQ(label.linesAt(2000).size(), 3);
    EXPECT_GT(label.linesAt(180).size(), label.linesAt(400).size());
}

TEST(WrappedLabel, HeightIsTheLinesHeightAndGrowsAsTheWidthShrinks)
{
    WrappedLabel label;
    label.setText(kReasons);
    const QFontMetricsF metrics(label.font());
    for (int width : {120, 260, 2000})
        EXPECT_EQ(label.heightForWidth(width), qCeil(label.linesAt(width).size() * metrics.lineSpacing()))
            << width;
    EXPECT_GT(label.heightForWidth(150), label.heightForWidth(300));
    label.setText(QStringLiteral("\u2022 fits")); // a new text is measured again
    EXPECT_EQ(label.heightForWidth(300), qCeil(metrics.lineSpacing()));
}

TEST(WrappedLabel, MinimumWidthHoldsTheWidestWord)
{
    WrappedLabel label;
    label.setText(QStringLiteral("a NVLink/NVSwitch-connected b"));
    const QFontMetrics metrics(label.font());
    const QSize minimum = label.minimumSizeHint();
    EXPECT_GE(minimum.width() + 1, metrics.horizontalAdvance(QStringLiteral("NVLink/")));
    EXPECT_LT(minimum.width(), metrics.horizontalAdvance(QStringLiteral("a NVLink/NVSwitch-connected b")));
    EXPECT_EQ(label.heightForWidth(label.sizeHint().width()), label.sizeHint().height());
}

TEST(WrappedLabel, ChineseWrapsWithoutSpaces)
{
    WrappedLabel label;
    label.setText(
        QStringLiteral("\u5355\u5361\u653e\u4e0d\u4e0b\uff1a\u6bcf\u5757 GPU \u9700\u8981 150.8 GB\uff0c"
                       "\u53ea\u6709 80 GB\uff1b\u9700\u8981 2 \u5757 GPU"));
    const QStringList lines = label.linesAt(90);
    EXPECT_GE(lines.size(), 3);
    const QFontMetrics metrics(label.font());
    for (const QString &line : lines)
        EXPECT_LE(metrics.horizontalAdvance(line), 90 + 1) << qPrintable(line);
}

TEST(WrappedLabel, PaintsInsideItsHeightForWidth)
{
    WrappedLabel label;
    label.setText(kReasons);
    QPalette palette = label.palette();
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    label.setPalette(palette);
    label.setAutoFillBackground(true);
    const int width = 220;
    const int height = label.heightForWidth(width);
    label.resize(width, height + 40); // room below the text must stay empty
    QImage image(label.size(), QImage::Format_RGB32);
    image.fill(Qt::white);
    label.render(&image);
    int lastInkRow = -1;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 128)
                lastInkRow = y;
    EXPECT_GT(lastInkRow, height - 20) << "the last line is painted near the bottom of the height";
    EXPECT_LT(lastInkRow, height) << "nothing is painted below the height the layout was given";
}

#include "widgets/common/StaleBanner.h"

#include "widgets/common/ThemeColors.h"

#include <QEvent>
#include <QGraphicsOpacityEffect>

namespace {
// Faded enough to read as "not current", still legible (the values are the last valid ones, not wrong).
constexpr qreal kDimmedOpacity = 0.45;
} // namespace

StaleBanner::StaleBanner(QWidget *dimmed, QWidget *parent)
    : QLabel(parent)
    , m_dimmed(dimmed)
{
    setObjectName(QStringLiteral("staleBanner"));
    setWordWrap(true);
    setAutoFillBackground(true);
    setMargin(4);
    setAccessibleName(tr("Result not current"));
    hide();
    applyColors();
}

void StaleBanner::setNote(const QString &note)
{
    if (note == m_note)
        return;
    m_note = note;
    setText(note);
    setVisible(!note.isEmpty());
    if (!m_dimmed)
        return;
    // The effect renders the view through an offscreen pixmap: only while stale, never in normal use.
    if (note.isEmpty()) {
        m_dimmed->setGraphicsEffect(nullptr);
    } else if (!m_dimmed->graphicsEffect()) {
        auto *fade = new QGraphicsOpacityEffect(m_dimmed);
        fade->setOpacity(kDimmedOpacity);
        m_dimmed->setGraphicsEffect(fade);
    }
}

void StaleBanner::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColors();
}

void StaleBanner::applyColors()
{
    // The error red for the text (readable on light and dark) over the theme's alternate base, both taken
    // from the parent: this label's own palette holds the colours set last time.
    const QPalette theme = parentWidget() ? parentWidget()->palette() : palette();
    QPalette colors = palette();
    const QColor text = ThemeColors::error(theme);
    const QColor background = theme.color(QPalette::AlternateBase);
    if (colors.color(QPalette::WindowText) == text && colors.color(QPalette::Window) == background)
        return; // already so: setPalette() would send another PaletteChange
    colors.setColor(QPalette::WindowText, text);
    colors.setColor(QPalette::Window, background);
    setPalette(colors);
}

#include "widgets/common/StaleBanner.h"

#include "widgets/common/ThemeColors.h"

#include <QEvent>
#include <QPainter>

namespace {
// Faded enough to read as "not current", still legible (the values are the last valid ones, not wrong):
// the view shows through at this strength.
constexpr qreal kDimmedOpacity = 0.45;

// The view's own background colour, translucent, over the whole view: what is under it shows once, faded.
// It covers its parent exactly while it lives and lets the mouse through (the values can still be selected).
class Veil : public QWidget
{
public:
    explicit Veil(QWidget *view)
        : QWidget(view)
    {
        setObjectName(QStringLiteral("staleVeil"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setGeometry(view->rect());
        view->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == parentWidget() && event->type() == QEvent::Resize) {
            setGeometry(parentWidget()->rect());
            raise(); // above the view's own children (viewport, headers), whichever came later
        }
        return QWidget::eventFilter(watched, event);
    }
    void paintEvent(QPaintEvent *) override
    {
        QColor veil = palette().color(QPalette::Base);
        veil.setAlphaF(1.0 - kDimmedOpacity);
        QPainter(this).fillRect(rect(), veil);
    }
};

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
    if (note.isEmpty()) {
        delete m_veil;
    } else if (!m_veil) {
        m_veil = new Veil(m_dimmed);
        m_veil->raise();
        m_veil->show();
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

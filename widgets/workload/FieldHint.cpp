#include "widgets/workload/FieldHint.h"

#include <QEvent>
#include <algorithm>

namespace {
// Wide enough that a reason of a sentence or two takes two or three lines, not six in a narrow field.
constexpr int kMinimumWidth = 280;
} // namespace

FieldHint::FieldHint(QWidget *field)
    : QLabel(field->parentWidget())
    , m_field(field)
{
    setWordWrap(true);
    setMargin(3);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true); // opaque over the row below
    setAttribute(Qt::WA_TransparentForMouseEvents);
    QLabel::setVisible(false);
    connect(field, &QObject::destroyed, this, &QObject::deleteLater);
}

void FieldHint::setVisible(bool visible)
{
    m_wanted = visible;
    if (!visible || !m_field) {
        watch(false);
        QLabel::setVisible(false);
        return;
    }
    QWidget *host = m_field->window();
    if (parentWidget() != host) {
        const QPalette colors = palette(); // the caller's red, kept across the move
        setParent(host);                   // hides it
        setPalette(colors);
    }
    watch(true);
    follow();
}

bool FieldHint::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
        follow();
        break;
    default:
        break;
    }
    return QLabel::eventFilter(watched, event);
}

void FieldHint::follow()
{
    QWidget *host = parentWidget();
    if (!m_wanted || !m_field || !host || !m_field->isVisibleTo(host)) {
        QLabel::setVisible(false);
        return;
    }
    const int width = std::min(std::max(m_field->width(), kMinimumWidth), std::max(host->width() - 8, 50));
    const QPoint below = m_field->mapTo(host, QPoint(0, m_field->height() + 1));
    const int x = std::max(0, std::min(below.x(), host->width() - width - 4));
    setGeometry(x, below.y(), width, heightForWidth(width));
    raise();
    QLabel::setVisible(true);
}

void FieldHint::watch(bool on)
{
    for (const QPointer<QWidget> &widget : std::as_const(m_watched))
        if (widget)
            widget->removeEventFilter(this);
    m_watched.clear();
    if (!on || !m_field)
        return;
    for (QWidget *widget = m_field; widget; widget = widget->parentWidget()) {
        widget->installEventFilter(this);
        m_watched << widget;
        if (widget->isWindow())
            break;
    }
}

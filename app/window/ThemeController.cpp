#include "app/window/ThemeController.h"

#include "app/window/AppSettings.h"
#include "app/window/ThemeStyle.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QStyle>

namespace {

// The platform's style and palette, taken before this process first changes them, so that System can
// return to them (also from a later window in the same process, as in the tests).
struct SystemLook
{
    QString styleName;
    QPalette palette;
};

const SystemLook &systemLook()
{
    static const SystemLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}

// What is applied now, process-wide: windows share the application palette.
ThemeChoice &appliedTheme()
{
    static ThemeChoice applied = ThemeChoice::System;
    return applied;
}

void setDisabledColors(QPalette &palette, const QColor &text, const QColor &base)
{
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, text);
    palette.setColor(QPalette::Disabled, QPalette::Base, base);
}

} // namespace

ThemeController::ThemeController(QObject *parent)
    : QObject(parent)
    , m_group(new QActionGroup(this))
    , m_system(new QAction(tr("&System"), this))
    , m_light(new QAction(tr("&Light"), this))
    , m_dark(new QAction(tr("&Dark"), this))
{
    systemLook();
    m_system->setToolTip(tr("The desktop's colours"));
    for (QAction *action : {m_system, m_light, m_dark}) {
        action->setCheckable(true);
        m_group->addAction(action);
    }
    m_system->setChecked(true);
    connect(m_system, &QAction::triggered, this, [this] { setTheme(ThemeChoice::System); });
    connect(m_light, &QAction::triggered, this, [this] { setTheme(ThemeChoice::Light); });
    connect(m_dark, &QAction::triggered, this, [this] { setTheme(ThemeChoice::Dark); });
}

ThemeController::~ThemeController() = default;

QList<QAction *> ThemeController::actions() const
{
    return {m_system, m_light, m_dark};
}

void ThemeController::applySaved()
{
    apply(AppSettings().theme());
}

void ThemeController::setTheme(ThemeChoice theme)
{
    AppSettings().setTheme(theme);
    apply(theme);
}

void ThemeController::apply(ThemeChoice theme)
{
    m_theme = theme;
    (theme == ThemeChoice::Dark    ? m_dark
     : theme == ThemeChoice::Light ? m_light
                                   : m_system)
        ->setChecked(true);
    if (appliedTheme() != theme) {
        appliedTheme() = theme;
        if (theme == ThemeChoice::System) {
            if (!systemLook().styleName.isEmpty())
                QApplication::setStyle(systemLook().styleName);
            QApplication::setPalette(systemLook().palette);
        } else {
            QApplication::setStyle(new ThemeStyle); // Fusion; the application owns it
            QApplication::setPalette(theme == ThemeChoice::Dark ? darkPalette() : lightPalette());
        }
        // Top-level windows hear of the new palette through posted events: deliver them now, so that
        // everything is in the new colours when this returns (and the next paint does not mix them).
        QCoreApplication::sendPostedEvents(nullptr, QEvent::ApplicationPaletteChange);
    }
    emit themeChanged(theme);
}

QPalette ThemeController::lightPalette()
{
    QPalette palette(QColor(0xef, 0xef, 0xef)); // Fusion's own light window colour
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf5, 0xf5));
    palette.setColor(QPalette::Text, QColor(0x1a, 0x1a, 0x1a));
    palette.setColor(QPalette::WindowText, QColor(0x1a, 0x1a, 0x1a));
    palette.setColor(QPalette::ButtonText, QColor(0x1a, 0x1a, 0x1a));
    palette.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdc));
    palette.setColor(QPalette::ToolTipText, Qt::black);
    palette.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x00, 0x5f, 0x9e));
    palette.setColor(QPalette::PlaceholderText, QColor(0x6b, 0x6b, 0x6b));
    setDisabledColors(palette, QColor(0x8a, 0x8a, 0x8a), QColor(0xef, 0xef, 0xef));
    return palette;
}

QPalette ThemeController::darkPalette()
{
    const QColor window(0x2d, 0x2d, 0x30);
    const QColor text(0xe8, 0xe8, 0xe8);
    QPalette palette(window);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3d));
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x20));
    palette.setColor(QPalette::AlternateBase, QColor(0x27, 0x27, 0x2a));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(role, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3d));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x6c, 0xb8, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xb0, 0x90, 0xff));
    palette.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    // Fusion derives bevels from Light/Midlight/Mid/Dark/Shadow; these keep frames visible on dark.
    palette.setColor(QPalette::Light, QColor(0x50, 0x50, 0x54));
    palette.setColor(QPalette::Midlight, QColor(0x44, 0x44, 0x48));
    palette.setColor(QPalette::Mid, QColor(0x26, 0x26, 0x28));
    palette.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1c));
    palette.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x10));
    setDisabledColors(palette, QColor(0x80, 0x80, 0x80), window);
    return palette;
}

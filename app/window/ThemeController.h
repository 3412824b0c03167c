#pragma once

#include "app/window/ThemeChoice.h"

#include <QList>
#include <QObject>
#include <QPalette>

class QAction;
class QActionGroup;

// Applies the theme to the whole application and keeps it in AppSettings. System leaves the platform's
// style and palette (a dark desktop palette stays dark); Light and Dark use the Fusion style with a light
// or dark palette, the same on every desktop and on the offscreen platform. Widgets follow through
// QEvent::PaletteChange (the charts re-colour themselves).
class ThemeController : public QObject
{
    Q_OBJECT
public:
    explicit ThemeController(QObject *parent = nullptr);
    ~ThemeController() override;

    // Applies the saved theme; the window calls this once, before it is shown.
    void applySaved();
    // Applies and saves.
    void setTheme(ThemeChoice theme);
    ThemeChoice theme() const { return m_theme; }

    // View > Theme: System, Light, Dark, checkable and exclusive.
    QList<QAction *> actions() const;

    static QPalette lightPalette();
    static QPalette darkPalette();

signals:
    void themeChanged(ThemeChoice theme);

private:
    void apply(ThemeChoice theme);

    ThemeChoice m_theme = ThemeChoice::System;
    QActionGroup *m_group;
    QAction *m_system;
    QAction *m_light;
    QAction *m_dark;
};

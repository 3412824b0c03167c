#pragma once

#include <QWidget>

class QLabel;

// The line under the spec table that explains its cell marks, each drawn in the colour the delegate
// paints it with (ThemeColors::editMarks), following the theme when the palette changes. The colours
// stay out of the translated texts.
class EditMarkerLegend : public QWidget
{
    Q_OBJECT
public:
    explicit EditMarkerLegend(QWidget *parent = nullptr);

    QLabel *unsavedMark() const { return m_unsaved; }
    QLabel *bundledMark() const { return m_bundled; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyColours();

    QLabel *m_unsaved;
    QLabel *m_bundled;
};

#pragma once

#include <QLabel>
#include <QList>
#include <QPointer>

// Why a form field is invalid, in a small balloon just under the field and over whatever is below it, so
// that the form's rows never move when a reason appears, grows to several lines or goes (issue 39). It lives
// on the field's window, so that the hint of a field in the form's last row shows whole, and follows the
// field while the field or a widget around it moves or resizes. It hides while its field is hidden.
class FieldHint : public QLabel
{
    Q_OBJECT
public:
    // Owned by field's parent until first shown, then by field's window; goes with the field.
    explicit FieldHint(QWidget *field);

    void setVisible(bool visible) override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void follow(); // where the field is now, and whether it is shown
    void watch(bool on);

    QPointer<QWidget> m_field;
    QList<QPointer<QWidget>> m_watched; // the field and its parents up to its window
    bool m_wanted = false;              // shown by setVisible(true), whatever the field is doing
};

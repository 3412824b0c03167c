#pragma once

#include <QLabel>

// A message above a view, such as why an edit was refused: in the theme's error colour, following the
// palette, and hidden while empty.
class MessageLabel : public QLabel
{
    Q_OBJECT
public:
    explicit MessageLabel(QWidget *parent = nullptr);

    void showMessage(const QString &message); // empty hides the label

protected:
    void changeEvent(QEvent *event) override;

private:
    void followTheme();
};

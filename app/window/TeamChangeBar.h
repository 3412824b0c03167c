#pragma once

#include <QFrame>

class QLabel;

// A team catalogue: a bar across the top of the window when a teammate saved since the window read the
// catalogue: "Catalogue changed: 3 rows saved by a teammate. [Reload] [Dismiss]". Saves add up until the
// user reloads or dismisses it; the window keeps working while it shows.
class TeamChangeBar : public QFrame
{
    Q_OBJECT
public:
    explicit TeamChangeBar(QWidget *parent = nullptr);

    // Another save of rows rows: added to the count, and the bar shows.
    void addChange(int rows);
    // Hides the bar and starts counting again (the catalogue was read again, or another one opened).
    void clear();
    int rows() const { return m_rows; }
    QString text() const;

signals:
    void reloadRequested();

private:
    QLabel *m_label;
    int m_rows = 0;
};

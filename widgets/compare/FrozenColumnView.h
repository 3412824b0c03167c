#pragma once

#include <QTableView>

// The first column of a wide table kept in view while the others scroll sideways (the comparison's row
// labels, issue 39): a second view of the same model, selection and delegate laid over the main view's first
// column. It follows the main view's first column width, vertical scroll, row heights, hidden rows and spans.
// The pattern of Qt's "Frozen Column" example, as the Catalogue tab's identity column (SpecTableView).
class FrozenColumnView : public QTableView
{
    Q_OBJECT
public:
    // main: its model and selection model are set; this view is its child.
    explicit FrozenColumnView(QTableView *main);

    // Copies the main view's row heights, hidden rows and spans: call after changing them there.
    void followRows();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void followColumns(); // only the first column shown, as wide as the main view's
    void place();

    QTableView *m_main;
};

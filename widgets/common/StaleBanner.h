#pragma once

#include <QLabel>
#include <QPointer>

// A line above a view whose numbers no longer answer the form ("Showing the last valid result: fix Tensor
// parallel to update"), dimming that view meanwhile. While a field is invalid the views keep their last
// valid result, marked so, instead of going empty: the user still sees what the numbers were and where to
// look to bring them back. The view is dimmed by a translucent veil laid over it (a child widget that
// follows its size), not by a QGraphicsOpacityEffect: an effect on a scroll area painted the kept result
// twice, about 18 px apart (issue 39).
class StaleBanner : public QLabel
{
    Q_OBJECT
public:
    // dimmed: the view whose values the banner speaks for; it is drawn faded while the banner shows.
    explicit StaleBanner(QWidget *dimmed, QWidget *parent = nullptr);

    // The note to show; empty hides the banner and draws the view at full strength again.
    void setNote(const QString &note);
    bool isStale() const { return !m_note.isEmpty(); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyColors();

    QPointer<QWidget> m_dimmed;
    QPointer<QWidget> m_veil; // over m_dimmed while stale
    QString m_note;
};

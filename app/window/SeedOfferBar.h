#pragma once

#include <QFrame>

class QLabel;

// A bar across the top of the window, not a dialog: "This version of GPU Compare knows 10 GPUs and 14
// models your catalogue lacks: B300, … [Review…] [Not now]". The window keeps working while it shows.
class SeedOfferBar : public QFrame
{
    Q_OBJECT
public:
    explicit SeedOfferBar(QWidget *parent = nullptr);

    // The names of the offered GPUs and models (the first few are listed, the rest counted).
    void setOffer(const QStringList &gpuNames, const QStringList &modelNames);
    QString text() const;

signals:
    void reviewRequested();
    void dismissed();

private:
    QLabel *m_label;
};

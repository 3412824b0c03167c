#pragma once

#include "db/SeedCatalogue.h"

#include <QObject>
#include <QSet>
#include <functional>
#include <optional>

class CatalogueSession;
class SeedOfferBar;
class UserPrompt;
class QWidget;

// Offers the GPUs and model presets of this version that the open catalogue lacks: a bar in the window
// when there are unanswered ones (SeedOfferBar), the checklist (SeedOfferDialog) behind its Review…
// and behind File > Add GPUs and Models from This Version… (which lists declined and deleted rows too).
// Answers go to the catalogue's seed_answers table; "Not now" asks again at the next start.
class SeedOfferController : public QObject
{
    Q_OBJECT
public:
    // What the checklist returned: the ids to add (the other offered rows are declined); nullopt when
    // it was cancelled. Tests and --screenshot replace the dialog with a handler.
    struct Choice
    {
        QSet<QString> gpuIds;
        QSet<QString> modelIds;
    };
    using ReviewHandler = std::function<std::optional<Choice>(const SeedCatalogue::SeedOffer &offer)>;

    SeedOfferController(CatalogueSession *session, SeedOfferBar *bar, UserPrompt *prompt, QWidget *window,
                        QObject *parent = nullptr);

    void setReviewHandler(ReviewHandler handler) { m_handler = std::move(handler); }
    // Shows or hides the bar for the open catalogue (at start-up and after another one is opened).
    void refresh();
    // The menu action: every seed row the catalogue lacks, declined and deleted ones included.
    void reviewAll();
    void review(SeedCatalogue::OfferScope scope);

signals:
    void statusMessage(const QString &message);

private:
    std::optional<Choice> ask(const SeedCatalogue::SeedOffer &offer, SeedCatalogue::OfferScope scope);

    CatalogueSession *m_session;
    SeedOfferBar *m_bar;
    UserPrompt *m_prompt;
    QWidget *m_window;
    ReviewHandler m_handler;
    QString m_dismissedFor; // the catalogue whose bar "Not now" hid, until the next start
};

#include "app/window/SeedOfferController.h"

#include "app/window/CatalogueSession.h"
#include "app/window/SeedOfferBar.h"
#include "app/window/SeedOfferDialog.h"
#include "app/window/UserPrompt.h"

SeedOfferController::SeedOfferController(CatalogueSession *session, SeedOfferBar *bar, UserPrompt *prompt,
                                         QWidget *window, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_bar(bar)
    , m_prompt(prompt)
    , m_window(window)
{
    connect(m_bar, &SeedOfferBar::reviewRequested, this,
            [this] { review(SeedCatalogue::OfferScope::Unanswered); });
    connect(m_bar, &SeedOfferBar::dismissed, this, [this] { m_dismissedFor = m_session->path(); });
}

void SeedOfferController::refresh()
{
    const SeedCatalogue::SeedOffer offer = m_session->seedOffer(SeedCatalogue::OfferScope::Unanswered);
    if (offer.isEmpty() || m_session->path() == m_dismissedFor) {
        m_bar->hide();
        return;
    }
    QStringList gpus, models;
    for (const GpuSpec &gpu : offer.gpus)
        gpus << gpu.displayName();
    for (const ModelSpec &model : offer.models)
        models << model.name;
    m_bar->setOffer(gpus, models);
    m_bar->show();
}

void SeedOfferController::reviewAll()
{
    review(SeedCatalogue::OfferScope::AllMissing);
}

void SeedOfferController::review(SeedCatalogue::OfferScope scope)
{
    const SeedCatalogue::SeedOffer offer = m_session->seedOffer(scope);
    if (offer.isEmpty()) {
        UserPrompt::Message message;
        message.title = tr("Add GPUs and Models");
        message.text = m_session->isReadOnly()
                           ? tr("The catalogue is read-only: %1").arg(m_session->readOnlyReason())
                           : tr("The catalogue has every GPU and model this version knows.");
        m_prompt->show(message);
        return;
    }
    const std::optional<Choice> choice = ask(offer, scope);
    if (!choice)
        return; // cancelled: nothing answered, the bar stays
    if (const CatalogueError error = m_session->answerSeedOffer(offer, choice->gpuIds, choice->modelIds)) {
        UserPrompt::Message message;
        message.icon = QMessageBox::Warning;
        message.title = tr("Add GPUs and Models");
        message.text = tr("Nothing was added.");
        message.informativeText = error.message;
        m_prompt->show(message);
        return;
    }
    emit statusMessage(tr("Added %1 GPUs and %2 models to the catalogue")
                           .arg(choice->gpuIds.size())
                           .arg(choice->modelIds.size()));
    refresh();
}

std::optional<SeedOfferController::Choice> SeedOfferController::ask(const SeedCatalogue::SeedOffer &offer,
                                                                    SeedCatalogue::OfferScope scope)
{
    if (m_handler)
        return m_handler(offer);
    const QString intro =
        scope == SeedCatalogue::OfferScope::Unanswered
            ? tr("These GPUs and models came with this version of GPU Compare. Checked ones are added to "
                 "your catalogue as bundled rows; the others are not offered again (File > Add GPUs and "
                 "Models from This Version… lists them). Nothing you have changed is touched.")
            : tr("These GPUs and models of this version are not in your catalogue, including ones you "
                 "declined or deleted. Checked ones are added as bundled rows.");
    // A row the user deleted or renamed after adding it is listed but not checked: Add must not bring it back
    // beside the user's renamed copy.
    SeedOfferDialog dialog(offer, intro, m_window,
                           scope == SeedCatalogue::OfferScope::AllMissing
                               ? m_session->seedRowsRemovedSince(offer)
                               : QSet<QString>{});
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return Choice{dialog.checkedGpuIds(), dialog.checkedModelIds()};
}

#include "widgets/catalogue/CatalogueImport.h"

#include "db/CatalogueImporter.h"
#include "widgets/catalogue/CatalogueEditor.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>

std::optional<ImportPlan> CatalogueImport::read(const QString &path, QString *error)
{
    QProgressDialog progress(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 100,
                             m_dialogParent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300); // small files finish before it would show
    ImportProblem problem;
    QVector<GpuFieldSet> given;
    const std::optional<QVector<GpuSpec>> gpus = CatalogueImporter::parseFile(
        path, &problem,
        [&progress](qsizetype done, qsizetype total) {
            progress.setValue(total > 0 ? static_cast<int>(done * 100 / total) : 0);
            QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
            return !progress.wasCanceled();
        },
        &given);
    if (!gpus) {
        if (error)
            *error =
                problem.cancelled
                    ? tr("Import cancelled; nothing changed")
                    : tr("%1: %2. Nothing was imported.").arg(QFileInfo(path).fileName(), problem.text());
        return std::nullopt;
    }
    return ImportPlan::make(m_editor->session()->gpus(), *gpus, given);
}

void CatalogueImport::run()
{
    const QString path = QFileDialog::getOpenFileName(m_dialogParent, tr("Import Catalogue"), QString(),
                                                      tr("GPU catalogue (*.csv *.json)"));
    if (path.isEmpty())
        return;
    QString error;
    const std::optional<ImportPlan> plan = read(path, &error);
    if (!plan) {
        emit problem(error);
        return;
    }
    if (plan->changesNothing()) {
        emit statusMessage(tr("%1 holds nothing new: %n GPU(s) as they are", nullptr, plan->unchanged)
                               .arg(QFileInfo(path).fileName()));
        return;
    }
    if (const std::optional<bool> applyChanges = askToApply(path, *plan))
        m_editor->applyImport(*plan, *applyChanges);
}

std::optional<bool> CatalogueImport::askToApply(const QString &path, const ImportPlan &plan)
{
    // The preview: what will be added and what changed, before anything is.
    QStringList lines;
    for (const GpuSpec &gpu : plan.additions.mid(0, 40))
        lines << tr("add %1 (%2)").arg(gpu.gpuId, gpu.displayName());
    for (const ImportPlan::Change &change : plan.changes.mid(0, 40))
        lines << tr("change %1: %2").arg(change.before.gpuId, change.fields.join(QStringLiteral(", ")));
    QMessageBox box(QMessageBox::Question, tr("Import Catalogue"),
                    tr("%1 adds %2 GPU(s) and changes %3; %4 stay as they are.")
                        .arg(QFileInfo(path).fileName())
                        .arg(plan.additions.size())
                        .arg(plan.changes.size())
                        .arg(plan.unchanged),
                    QMessageBox::Cancel, m_dialogParent);
    box.setObjectName(QStringLiteral("importPreview"));
    box.setDetailedText(lines.join(u'\n'));
    const QString emptying = plan.emptyingWarning();
    box.setInformativeText((emptying.isEmpty() ? QString() : emptying + u'\n') +
                           tr("The import becomes one edit you can undo; Save writes it to the catalogue."));
    QPushButton *all = box.addButton(tr("Add and Change"), QMessageBox::AcceptRole);
    QPushButton *addOnly = box.addButton(tr("Add New Only"), QMessageBox::AcceptRole);
    box.exec();
    if (box.clickedButton() == all)
        return true;
    if (box.clickedButton() == addOnly)
        return false;
    return std::nullopt;
}

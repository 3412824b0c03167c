#include "widgets/catalogue/CatalogueExport.h"

#include "db/CatalogueExporter.h"
#include "widgets/catalogue/CatalogueEditor.h"

#include <QFileDialog>

bool CatalogueExport::writeTo(const QString &path, QString *error)
{
    if (CatalogueError failure = CatalogueExporter::exportToFile(m_editor->session()->gpus(), path)) {
        if (error)
            *error = failure.message;
        return false;
    }
    return true;
}

void CatalogueExport::run()
{
    const QString path = QFileDialog::getSaveFileName(
        m_dialogParent, tr("Export Catalogue"), QStringLiteral("gpus.csv"), tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (writeTo(path, &error))
        emit statusMessage(
            tr("Exported %n GPU(s) to %1", nullptr, m_editor->session()->rowCount()).arg(path));
    else
        emit problem(tr("Export failed: %1").arg(error));
}

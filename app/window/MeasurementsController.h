#pragma once

#include "db/MeasurementImport.h"

#include <QObject>
#include <functional>
#include <optional>

class CatalogueSession;
class MeasurementConditionsDialog;
class MeasurementsView;

// The window's door to `measurements import` and `remove`: files dropped on (or chosen in) the Catalogue
// tab's Measurements view are read and resolved as the command line does (MeasurementImport), what they
// do not say is asked in a MeasurementConditionsDialog, and the runs are stored all or nothing. The view
// lists the catalogue's runs, refreshed with every snapshot.
class MeasurementsController : public QObject
{
    Q_OBJECT
public:
    // Asks for the missing conditions; nullopt when the user cancels. Tests answer without a dialog.
    using ConditionsAsker =
        std::function<std::optional<MeasurementImportOptions>(MeasurementConditionsDialog &)>;
    using FileChooser = std::function<QStringList()>;

    MeasurementsController(CatalogueSession *session, MeasurementsView *view, QWidget *dialogParent,
                           QObject *parent = nullptr);

    void importFiles(const QStringList &paths);
    void setConditionsAsker(ConditionsAsker asker) { m_ask = std::move(asker); }
    void setFileChooser(FileChooser chooser) { m_choose = std::move(chooser); }

signals:
    void statusMessage(const QString &message);

private:
    void refresh();
    void remove(qint64 fileId);
    std::optional<MeasurementImportOptions> askConditions(const QStringList &files,
                                                          const MeasurementImportPlan &plan);

    CatalogueSession *m_session;
    MeasurementsView *m_view;
    QWidget *m_dialogParent;
    ConditionsAsker m_ask;
    FileChooser m_choose;
};

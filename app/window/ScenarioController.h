#pragma once

#include "app/analysis/WorkloadRequest.h"
#include "app/scenario/Scenario.h"
#include "widgets/plan/PlanViewData.h"

#include <QObject>
#include <QStringList>

class CatalogueSession;
class GpuPicker;
class PlanInputs;
class QMenu;
class QMimeData;
class QWidget;
class UserPrompt;
class WorkloadForm;

// The window's scenario (a `.gpuc` file, ScenarioFile): captures what the picker, the workload form and the
// Plan tab's inputs hold, writes it, reads one back into them, keeps the recent files, and knows whether
// what the window shows differs from the file last opened or saved ("modified"; an untitled session never
// is: the settings keep it). Export Report writes the same capture. Everything that needs no dialog is a
// method of its own (open, saveAs, exportReport) for the command line, drops and tests; the *WithDialog
// methods only ask for the file. Messages go through the window's UserPrompt.
class ScenarioController : public QObject
{
    Q_OBJECT
public:
    struct Views
    {
        GpuPicker *picker = nullptr;
        WorkloadForm *form = nullptr;
        PlanInputs *planInputs = nullptr;
        CatalogueSession *catalogue = nullptr;
        UserPrompt *prompt = nullptr;
        QWidget *window = nullptr; // the parent of the file dialogs
    };

    explicit ScenarioController(const Views &views, QObject *parent = nullptr);

    // The scenario of what the window shows now, with the catalogue's values of what it names.
    Scenario capture() const;

    QString path() const { return m_path; } // empty: untitled
    QString displayName() const;            // the file's name; empty when untitled
    bool isModified() const;

    // Asks first when the scenario shown has unsaved changes. A file that cannot be read or that names what
    // the catalogue lacks is refused with a message and nothing changes; values the catalogue now holds
    // differently are listed after opening. False when nothing was opened.
    bool open(const QString &path);
    // A recent file: one that is gone is dropped from the list, with a message.
    bool openRecent(const QString &path);
    bool save(); // to path(); asks for a file when untitled
    bool saveAs(const QString &path);
    // Before the window closes or another scenario replaces this one: true when nothing is unsaved or the
    // user saved or discarded it.
    bool confirmDiscardOrSave();
    bool exportReport(const QString &path);

    void openWithDialog();
    bool saveAsWithDialog();
    void exportReportWithDialog();

    QStringList recentFiles() const;
    void clearRecentFiles();
    void fillRecentMenu(QMenu *menu); // one action per recent file, then "Clear Menu"

    // The first local `.gpuc` file among dropped or dragged data; empty when there is none.
    static QString scenarioIn(const QMimeData *data);

signals:
    void documentChanged(); // path() or isModified() changed
    void applied();         // an opened scenario is in the views: recompute now
    void recentFilesChanged();
    void statusMessage(const QString &message);

private:
    // What "modified" compares: what a scenario holds of the views.
    struct State
    {
        QStringList gpuIds;
        WorkloadRequest workload;
        PlanInputValues plan;
        bool operator==(const State &) const = default;
    };

    State currentState() const;
    void apply(const Scenario &scenario);
    // The recorded GPU values into the catalogue as one undoable, unsaved edit (the changed-values message's
    // Apply).
    void applyRecordedValues(const Scenario &scenario);
    void setDocument(const QString &path);
    void updateModified();
    void addRecent(const QString &path);
    void tell(const QString &title, const QString &text, const QString &informative) const; // a warning
    QString dialogFolder() const;

    Views m_views;
    QString m_path;
    State m_saved; // as last opened or saved; compared only when m_path is set
    bool m_modified = false;
};

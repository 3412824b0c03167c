#pragma once

#include "app/analysis/WorkloadRequest.h"
#include "widgets/workload/WorkloadFormLayout.h"

#include <QHash>
#include <QPair>
#include <QVector>
#include <QWidget>
#include <functional>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

// The workload description at the top of the window: model, task, precisions, batch, lengths,
// GPU count and parallelism, efficiency profile and prices, and for inference the load (concurrent users
// or requests per second) with optional latency targets, for training the run at scale (micro-batch, virtual
// stages, context and expert parallel, GPUs per node, the network). It edits a WorkloadRequest: its editors
// are made from the layout table (WorkloadFormLayout), each reading and writing its request member; a
// "recipe" or "auto" choice is an absent member. Emits valuesChanged() on every edit; errors found by the
// caller's validation are shown at their field with the reason. It knows nothing of the resolver.
class WorkloadForm : public QWidget
{
    Q_OBJECT
public:
    using Choice = QPair<QString, QString>; // id, display name

    explicit WorkloadForm(QWidget *parent = nullptr);

    void setModelChoices(const QVector<Choice> &models);
    void setProfileChoices(const QVector<Choice> &profiles);
    void setSystemChoices(const QVector<Choice> &systems); // the catalogue's systems; first "none"
    // mathPrecisions: training's activation (math) precisions; empty: the KV cache's list.
    void setPrecisionChoices(const QStringList &weightPrecisions, const QStringList &kvPrecisions,
                             const QStringList &mathPrecisions = {});
    // The models with experts to split: expert parallelism is offered for these (and a custom config.json).
    void setExpertModels(const QStringList &modelIds);

    // What the form asks: the fields the task uses, as WorkloadFormLayout::sent() says.
    WorkloadRequest request() const;
    // Every editor's value, those greyed out for the task too (the settings keep them; the planner asks
    // with them): request() is the part of it that is sent.
    WorkloadRequest heldRequest() const;
    // Shows the request: each field it sets goes into its editor; a field it leaves out goes back to the
    // recipe (or its default) when the task uses it, and keeps its value when it does not (greyed out, for
    // when the task comes back). A request without a task is inference's, without a model the default
    // model. form.setRequest(r); form.request() == r for every request the form can hold. Emits
    // valuesChanged() once.
    void setRequest(const WorkloadRequest &request);

    // A local Hugging Face config.json becomes the model (modelConfigPath set, no modelId): the model
    // field offers and shows it as "<name> (config.json)", the name first so that a narrow field still
    // shows it; what is wrong with the file is the caller's validation, shown at the model field. Emits
    // valuesChanged().
    void useModelConfig(const QString &path);
    // "Llama-3-8B" for .../Llama-3-8B/config.json (a Hugging Face checkout's folder names the model),
    // else the file's name without its extension ("llama-8b" for llama-8b.json).
    static QString customModelName(const QString &configPath);
    // The network as typed in its field ("400", "800 Gb/s"), in Gb/s per GPU; none when it is not a number.
    static std::optional<double> networkGbps(const QString &text);

    // Errors the caller found (the resolver's), shown at their fields with those the form finds itself.
    void setFieldErrors(const QVector<WorkloadFieldError> &errors);
    QString fieldError(const QString &field) const; // empty when the field is valid
    // The number fields whose text cannot be read ("50MB") or is out of their range, and a network that is
    // not a number: request() holds the last valid value of those fields (the network: none), so the caller
    // shows its last result as stale until fixed.
    QVector<WorkloadFieldError> inputErrors() const;
    // The field's caption as shown ("Tensor parallel"), for naming it elsewhere.
    QString caption(const QString &field) const;
    // What the field is for, shown in its tooltip (with the reason, while it is invalid).
    QString help(const QString &field) const;

    // What "the recipe" means for the current task, per field key ("weightPrecision" -> "int4 (NF4)"),
    // shown as the text of each field's recipe choice: the user sees which value is used.
    void setRecipeDefaults(const QHash<QString, QString> &defaults);

    QWidget *editor(const QString &field) const;

signals:
    void valuesChanged();
    void customConfigRequested(); // the user asked to load a config.json

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Field
    {
        QWidget *editor = nullptr;
        QLabel *caption = nullptr;
        QLabel *error = nullptr;
        QWidget *cell = nullptr; // caption, editor and error together
        bool trainingOnly = false;
        bool inferenceOnly = false;
        bool hiddenWhenUnused =
            false;         // the load row and the training-at-scale row: shown for their task only
        QString help = {}; // the tooltip's explanation, kept under any error
        std::function<QString()> inputProblem = {}; // number fields: why their text is not their value
    };

    QWidget *makeNumberEditor(const WorkloadFormRow &row);
    QWidget *makeOwnEditor(WorkloadField field);
    void configureOwnEditors();
    void connectLoad();
    QString networkText() const;
    void addField(const QString &field, const QString &caption, QWidget *editor, int row, int column);
    void applyErrorColors(const Field &field) const; // red that stays readable on the palette
    // Reports a text the field cannot read (problem() not empty) at the field as it is typed.
    void watchText(const QString &field, QLineEdit *text, const std::function<QString()> &problemOf);
    void setHelp(const QString &field, const QString &help);
    void showTip(const Field &field, const QString &reason) const;
    void showErrors();
    void connectEditor(QWidget *editor);
    void updateTaskDependentFields();
    void emitChanged();
    static void setComboChoices(QComboBox *combo, const QVector<Choice> &choices);
    QVector<Choice> withRecipeChoice(const QString &field, const QVector<Choice> &choices) const;
    QString recipeText(const QString &field) const;
    static void selectData(QComboBox *combo, const QString &id);
    int customModelIndex() const;      // the model choice of the config.json; -1 when there is none
    void showCustomModel(bool select); // adds, renames or removes that choice

    // A spin box made from its row of the layout table: one of the two is set.
    struct NumberEditor
    {
        const WorkloadFormRow *row = nullptr;
        QSpinBox *whole = nullptr;
        QDoubleSpinBox *decimal = nullptr;
    };

    QHash<QString, Field> m_fields;
    QVector<NumberEditor> m_numbers;
    // The editors WorkloadForm's own code makes (FormEditor::Own) and the number editors it looks at.
    QComboBox *m_model = nullptr;
    QComboBox *m_task = nullptr;
    QComboBox *m_weightPrecision = nullptr;
    QComboBox *m_kvPrecision = nullptr;
    QSpinBox *m_batch = nullptr;
    QComboBox *m_zeroStage = nullptr;
    QComboBox *m_recompute = nullptr;
    QComboBox *m_profile = nullptr;
    QDoubleSpinBox *m_usdPerGpuHour = nullptr;
    QDoubleSpinBox *m_usdPerKwh = nullptr;
    QDoubleSpinBox *m_trainTokens = nullptr;
    QDoubleSpinBox *m_ownYears = nullptr;
    QComboBox *m_dataset = nullptr;
    QComboBox *m_harness = nullptr;
    QComboBox *m_system = nullptr;
    QComboBox *m_network = nullptr;
    QComboBox *m_activationPrecision = nullptr;
    QComboBox *m_optimizer = nullptr;
    QComboBox *m_moeRouting = nullptr;
    QComboBox *m_fp8Recipe = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QDoubleSpinBox *m_requestRate = nullptr;
    QSpinBox *m_expertParallel = nullptr;
    QSpinBox *m_loraRank = nullptr;
    QStringList m_expertModels;
    QPushButton *m_customConfig = nullptr;
    QString m_customConfigPath;
    QHash<QString, QString> m_recipeDefaults;
    QString m_lastTask; // the task when the form last changed: a new one resets the precisions
    QVector<WorkloadFieldError> m_reportedErrors;
    QHash<QString, QString> m_shownInputProblems; // per field, as last shown: a change is news
    bool m_silent = false;                        // true while setRequest() fills the editors
};

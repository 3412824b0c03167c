#pragma once

#include "widgets/workload/WorkloadFormValues.h"

#include <QHash>
#include <QPair>
#include <QVector>
#include <QWidget>
#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

// The workload description at the top of the window: model, task, precisions, batch, lengths,
// GPU count and parallelism, efficiency profile and prices, and for inference the load (concurrent users
// or requests per second) with optional latency targets, for training the run at scale (micro-batch, virtual
// stages, context and expert parallel, GPUs per node, the network). Emits valuesChanged() on every edit;
// errors found by the caller's validation are shown at their field with the reason.
class WorkloadForm : public QWidget
{
    Q_OBJECT
public:
    using Choice = QPair<QString, QString>; // id, display name

    explicit WorkloadForm(QWidget *parent = nullptr);

    void setModelChoices(const QVector<Choice> &models);
    void setProfileChoices(const QVector<Choice> &profiles);
    // mathPrecisions: training's activation (math) precisions; empty: the KV cache's list.
    void setPrecisionChoices(const QStringList &weightPrecisions, const QStringList &kvPrecisions,
                             const QStringList &mathPrecisions = {});
    // The models with experts to split: expert parallelism is offered for these (and a custom config.json).
    void setExpertModels(const QStringList &modelIds);

    WorkloadFormValues values() const;
    void setValues(const WorkloadFormValues &values); // emits valuesChanged() once

    // A local Hugging Face config.json becomes the model (customConfigPath set, modelId empty): the model
    // field offers and shows it as "<name> (config.json)", the name first so that a narrow field still
    // shows it; what is wrong with the file is the caller's validation, shown at the model field. Emits
    // valuesChanged().
    void useModelConfig(const QString &path);
    // "Llama-3-8B" for .../Llama-3-8B/config.json (a Hugging Face checkout's folder names the model),
    // else the file's name without its extension ("llama-8b" for llama-8b.json).
    static QString customModelName(const QString &configPath);

    // Errors the caller found (the resolver's), shown at their fields with those the form finds itself.
    void setFieldErrors(const QVector<WorkloadFieldError> &errors);
    QString fieldError(const QString &field) const; // empty when the field is valid
    // The number fields whose text cannot be read ("50MB") or is out of their range: the values() of those
    // fields are still the last valid ones, so the caller shows its last result as stale until fixed.
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

    QDoubleSpinBox *addDoubleSpinBox(const QString &field, const QString &caption, double maximum, int row,
                                     int column);
    void addLoadFields(int row);
    void addTrainingFields(int row);
    void addTrainingRecipeFields(int row); // math precision (in the KV cache's cell), optimizer, LoRA rank
    QString networkText() const;
    QSpinBox *addSpinBox(const QString &field, const QString &caption, int minimum, int maximum, int row,
                         int column);
    QComboBox *addComboBox(const QString &field, const QString &caption, int row, int column);
    void addField(const QString &field, const QString &caption, QWidget *editor, int row, int column);
    void applyErrorColors(const Field &field) const; // red that stays readable on the palette
    template <typename Spin> void watchText(const QString &field, Spin *spin);
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

    QHash<QString, Field> m_fields;
    QComboBox *m_model = nullptr;
    QComboBox *m_task = nullptr;
    QComboBox *m_weightPrecision = nullptr;
    QComboBox *m_kvPrecision = nullptr;
    QSpinBox *m_batch = nullptr;
    QSpinBox *m_inputTokens = nullptr;
    QSpinBox *m_outputTokens = nullptr;
    QSpinBox *m_sequenceLength = nullptr;
    QSpinBox *m_gpus = nullptr;
    QSpinBox *m_tensorParallel = nullptr;
    QSpinBox *m_pipelineParallel = nullptr;
    QComboBox *m_zeroStage = nullptr;
    QComboBox *m_recompute = nullptr;
    QComboBox *m_profile = nullptr;
    QDoubleSpinBox *m_usdPerGpuHour = nullptr;
    QDoubleSpinBox *m_usdPerKwh = nullptr;
    QDoubleSpinBox *m_trainTokens = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QDoubleSpinBox *m_requestRate = nullptr;
    QDoubleSpinBox *m_ttftTarget = nullptr;
    QDoubleSpinBox *m_tpotTarget = nullptr;
    QSpinBox *m_maxNumSeqs = nullptr;
    QComboBox *m_dataset = nullptr;
    QSpinBox *m_microBatch = nullptr;
    QSpinBox *m_virtualStages = nullptr;
    QSpinBox *m_contextParallel = nullptr;
    QSpinBox *m_expertParallel = nullptr;
    QSpinBox *m_gpusPerNode = nullptr;
    QComboBox *m_network = nullptr;
    QComboBox *m_activationPrecision = nullptr;
    QComboBox *m_optimizer = nullptr;
    QSpinBox *m_loraRank = nullptr;
    QDoubleSpinBox *m_ownYears = nullptr;
    QStringList m_expertModels;
    QPushButton *m_customConfig = nullptr;
    QString m_customConfigPath;
    QHash<QString, QString> m_recipeDefaults;
    QString m_lastTask; // the task when the form last changed: a new one resets the precisions
    QVector<WorkloadFieldError> m_reportedErrors;
    QHash<QString, QString> m_shownInputProblems; // per field, as last shown: a change is news
    bool m_silent = false;                        // true while setValues() fills the editors
};

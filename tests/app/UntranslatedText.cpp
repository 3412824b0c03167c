#include "tests/app/UntranslatedText.h"

#include "app/analysis/EfficiencyParameters.h"
#include "db/CatalogueSnapshot.h"
#include "db/GpuField.h"
#include "widgets/charts/ChartView.h"
#include "widgets/charts/RadarChartWidget.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <algorithm>
#include <qcustomplot.h>

namespace {

// Latin text a Chinese interface keeps as it is: units, acronyms, precision and format names, product
// and standard names, and the symbols of the estimator's formulas.
const char *const kAllowed[] = {
    // units
    "GB", "GiB", "MB", "TB", "MHz", "TFLOPS", "TOPS", "FLOP", "FLOPs", "ms", "px", "kWh", "USD", "bit", "tok",
    // acronyms, precisions, hardware and software names
    "GPU", "AI", "FP64", "FP32", "TF32", "FP16", "BF16", "FP8", "FP4", "FP6", "PCI", "INT8", "INT4", "KV",
    "TP", "PP", "DP", "CP", "EP", "VPP", "MFU", "HFU", "NDR", "HDR", "GbE", "InfiniBand", "LoRA", "QLoRA",
    "ZeRO", "Adam", "NVLink", "NVSwitch", "HGX", "PCIe", "SXM", "SXM4", "SXM5", "HBM", "HBM2e", "HBM3",
    "HBM3e", "GDDR6", "GDDR6X", "GDDR", "TDP", "MIG", "SM", "CU", "MoE", "MLA", "MTP", "TTFT", "TPOT", "GGUF",
    "Infinity", "Fabric", "Transformer", "Hugging", "Face", "config", "json", "PNG", "SVG", "PDF", "CSV",
    "JSON", "DPI", "NaN", "Ctrl", "Qt", "GNU", "fp32", "tf32", "bf16", "fp16", "fp8", "fp4", "int8", "int4",
    "qlora", "lora", "q4_k_m", "q4_0", "q8_0", "mxfp8", "mxfp4", "nvfp4", "MXFP8", "MXFP4", "NVFP4",
    // serving engines, their benchmark commands and datasets ("vllm bench serve", "ShareGPT")
    "vLLM", "vllm", "bench", "serve", "SGLang", "ShareGPT", "sharegpt", "InferenceX", "CUDA",
    // benchmark tools and file formats the Measurements view reads, and the command that fits a profile
    "bench_serving", "JSONL", "AIPerf", "GenAI", "Perf", "llama", "gpucompare", "calibrate",
    // training frameworks that name measured runs ("Megatron-Core 训练")
    "llm", "foundry", "NeMo", "AutoModel", "Megatron", "Core", "LM",
    // Megatron's flag named in a tooltip (--first-last-layers-bf16)
    "first", "last", "layers",
    // key names in shortcuts shown in tooltips (QKeySequence::NativeText: "Ctrl+Shift+R", "Del")
    "Shift", "Del",
    // percentiles of a latency ("TTFT，p90")
    "p50", "p90", "p99",
    // the usual word in Chinese writing on language models ("首 token 延迟")
    "token",
    // formula symbols
    "tp", "pp", "dp", "eta", "eta_c", "eta_m", "f_mm", "f_mem", "eta_attn", "eta_comm", "eta_quant",
    "eta_fp8", "dp_overlap", "tp_overlap", "w_half", "t_half", "L_moe", "cp", "ep", "vpp", "n_kv", "head_dim",
    "kv_lora_rank", "qk_rope_head_dim", "max_position_embeddings", "framework_overhead_gb", "t_layer", "max",
    "min", "ceil", "floor", "pow", "sum", "allreduce", "logits"};

// Strings that are names, not words (the product's name).
const char *const kAllowedPhrases[] = {"GPU Compare"};

QString plain(const QString &text)
{
    if (Qt::mightBeRichText(text))
        return QTextDocumentFragment::fromHtml(text).toPlainText();
    return text;
}

} // namespace

UntranslatedText::UntranslatedText(const CatalogueSnapshot &catalogue)
{
    for (const char *word : kAllowed)
        m_allowedWords.insert(QString::fromLatin1(word).toLower());
    for (const char *phrase : kAllowedPhrases)
        m_dataStrings << QString::fromLatin1(phrase);
    for (const GpuSpec &gpu : catalogue.gpus) {
        m_dataStrings << gpu.displayName();
        for (const GpuField &field : GpuFields::all())
            m_dataStrings << GpuFields::toText(gpu, field);
    }
    for (const ModelSpec &model : catalogue.models)
        m_dataStrings << model.name << model.modelId << model.family << model.kind << model.source
                      << model.notes;
    // Field keys: shown on purpose as the column names of exported files.
    for (const GpuField &field : GpuFields::all())
        m_dataStrings << field.name();
    for (const SystemSpec &system : catalogue.systems) // catalogue data, as the GPUs' names are
        m_dataStrings << system.name << system.systemId;
    for (const EfficiencyProfile &profile : catalogue.profiles) {
        m_dataStrings << profile.name << profile.profileId;
        if (const auto parameters = EfficiencyParameters::fromProfile(profile)) // the engine it was measured
                                                                                // on
            m_dataStrings << parameters->engine;
    }
    for (const Benchmark &b : catalogue.benchmarks)
        m_dataStrings << b.gpuAsReported << b.system << b.model << b.task << b.precision
                      << b.precision.section(u' ', 0, 1) << b.batchSize << b.inputLength << b.outputLength
                      << b.framework << b.metric << b.unit << b.constraints << b.dateOrVersion << b.source
                      << b.reliability << b.notes << b.category;
    m_dataStrings.removeIf([](const QString &s) { return s.trimmed().size() < 2; });
    m_dataStrings.removeDuplicates();
    std::sort(m_dataStrings.begin(), m_dataStrings.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
}

QStringList UntranslatedText::englishWords(const QString &text) const
{
    static const QRegularExpression token(QStringLiteral("[A-Za-z0-9_]+"));
    static const QRegularExpression letters(QStringLiteral("[A-Za-z]"));
    auto offending = [this](const QString &s) {
        QStringList words;
        for (auto it = token.globalMatch(s); it.hasNext();) {
            const QString word = it.next().captured();
            if (word.count(letters) < 2 || m_allowedWords.contains(word.toLower()))
                continue;
            // "H100", "4090": letters around digits that are a model number
            QString lettersOnly = word;
            lettersOnly.remove(QRegularExpression(QStringLiteral("[0-9_]")));
            if (lettersOnly.size() < 2 || m_allowedWords.contains(lettersOnly.toLower())) // "80GB"
                continue;
            words << word;
        }
        return words;
    };
    QStringList words = offending(text);
    if (words.isEmpty())
        return words;
    // Only now take the catalogue's own text out (slow, and rarely needed).
    // Whole words only: "no" (a value) must not turn "notes" into "tes".
    QString rest = text;
    for (const QString &data : m_dataStrings) {
        qsizetype at = 0;
        const auto inWord = [](QChar c) { return c.isLetterOrNumber() || c == u'_'; };
        while ((at = rest.indexOf(data, at)) >= 0) {
            const qsizetype end = at + data.size();
            const bool startsWord = at == 0 || !inWord(rest.at(at - 1));
            const bool endsWord = end == rest.size() || !inWord(rest.at(end));
            if (startsWord && endsWord)
                rest.replace(at, data.size(), QStringLiteral(" "));
            else
                at = end;
        }
    }
    return offending(rest);
}

void UntranslatedText::collect(const QString &raw, const QString &where)
{
    const QString text = plain(raw).trimmed();
    if (text.isEmpty())
        return;
    ++m_checked;
    const QStringList words = englishWords(text);
    if (words.isEmpty() || m_seen.contains(where + u'\x1f' + text))
        return;
    m_seen.insert(where + u'\x1f' + text);
    m_findings << Finding{where, text, words};
}

QString UntranslatedText::pathOf(const QObject *object)
{
    QStringList parts;
    for (const QObject *o = object; o; o = o->parent()) {
        const QString name = o->objectName();
        parts.prepend(name.isEmpty() ? QString::fromLatin1(o->metaObject()->className())
                                     : QString::fromLatin1(o->metaObject()->className()) + u'#' + name);
    }
    return parts.join(u'/');
}

void UntranslatedText::collectModel(const QAbstractItemModel *model, const QString &where)
{
    if (!model)
        return;
    for (int c = 0; c < model->columnCount(); ++c)
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
            collect(model->headerData(c, Qt::Horizontal, role).toString(),
                    where + QStringLiteral(" column header"));
    for (int r = 0; r < model->rowCount(); ++r)
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
            collect(model->headerData(r, Qt::Vertical, role).toString(),
                    where + QStringLiteral(" row header"));
    // Depth first through the tree (a table is a tree of depth one).
    QVector<QModelIndex> parents{QModelIndex()};
    while (!parents.isEmpty()) {
        const QModelIndex parent = parents.takeLast();
        for (int r = 0; r < model->rowCount(parent); ++r)
            for (int c = 0; c < model->columnCount(parent); ++c) {
                const QModelIndex index = model->index(r, c, parent);
                for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::AccessibleTextRole)}) {
                    const QVariant value = model->data(index, role);
                    if (value.typeId() == QMetaType::QString)
                        collect(value.toString(), where + QStringLiteral(" cell %1,%2").arg(r).arg(c));
                }
                if (c == 0 && model->hasChildren(index))
                    parents << index;
            }
    }
}

void UntranslatedText::collectPlot(QCustomPlot *plot, const QString &where)
{
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        collect(axis->label(), where + QStringLiteral(" axis"));
        if (auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>())
            for (const QString &label : ticker->ticks())
                collect(label, where + QStringLiteral(" tick"));
    }
    for (int i = 0; i < plot->plottableCount(); ++i)
        collect(plot->plottable(i)->name(), where + QStringLiteral(" series"));
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *text = qobject_cast<QCPItemText *>(plot->item(i)))
            collect(text->text(), where + QStringLiteral(" text item"));
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->elementAt(i)))
            collect(title->text(), where + QStringLiteral(" title"));
    if (plot->legend)
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i)))
                collect(item->plottable()->name(), where + QStringLiteral(" legend"));
}

void UntranslatedText::collectObject(QObject *object, const QString &where)
{
    if (auto *action = qobject_cast<QAction *>(object)) {
        if (action->isSeparator())
            return;
        collect(action->text(), where + QStringLiteral(" text"));
        collect(action->toolTip(), where + QStringLiteral(" tooltip"));
        collect(action->statusTip(), where + QStringLiteral(" status tip"));
        if (action->menu())
            collect(action->menu()->title(), where + QStringLiteral(" menu title"));
        return;
    }
    auto *widget = qobject_cast<QWidget *>(object);
    if (!widget)
        return;
    if (widget->isWindow() || qobject_cast<QDockWidget *>(widget))
        collect(widget->windowTitle(), where + QStringLiteral(" title"));
    collect(widget->toolTip(), where + QStringLiteral(" tooltip"));
    collect(widget->statusTip(), where + QStringLiteral(" status tip"));
    collect(widget->whatsThis(), where + QStringLiteral(" what's this"));
    collect(widget->accessibleName(), where + QStringLiteral(" accessible name"));
    collect(widget->accessibleDescription(), where + QStringLiteral(" accessible description"));
    if (auto *label = qobject_cast<QLabel *>(widget))
        collect(label->text(), where);
    if (auto *button = qobject_cast<QAbstractButton *>(widget))
        collect(button->text(), where);
    if (auto *group = qobject_cast<QGroupBox *>(widget))
        collect(group->title(), where);
    if (auto *menu = qobject_cast<QMenu *>(widget))
        collect(menu->title(), where + QStringLiteral(" menu title"));
    if (auto *tabs = qobject_cast<QTabBar *>(widget))
        for (int i = 0; i < tabs->count(); ++i) {
            collect(tabs->tabText(i), where + QStringLiteral(" tab"));
            collect(tabs->tabToolTip(i), where + QStringLiteral(" tab tooltip"));
        }
    if (auto *line = qobject_cast<QLineEdit *>(widget))
        collect(line->placeholderText(), where + QStringLiteral(" placeholder"));
    if (auto *text = qobject_cast<QTextEdit *>(widget)) {
        collect(text->toPlainText(), where);
        collect(text->placeholderText(), where + QStringLiteral(" placeholder"));
    }
    if (auto *text = qobject_cast<QPlainTextEdit *>(widget))
        collect(text->toPlainText(), where);
    if (auto *combo = qobject_cast<QComboBox *>(widget))
        for (int i = 0; i < combo->count(); ++i) {
            collect(combo->itemText(i), where + QStringLiteral(" item"));
            collect(combo->itemData(i, Qt::ToolTipRole).toString(), where + QStringLiteral(" item tooltip"));
        }
    if (auto *spin = qobject_cast<QSpinBox *>(widget)) {
        collect(spin->prefix(), where + QStringLiteral(" prefix"));
        collect(spin->suffix(), where + QStringLiteral(" suffix"));
    }
    if (auto *spin = qobject_cast<QDoubleSpinBox *>(widget)) {
        collect(spin->prefix(), where + QStringLiteral(" prefix"));
        collect(spin->suffix(), where + QStringLiteral(" suffix"));
    }
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(widget))
        collect(spin->specialValueText(), where + QStringLiteral(" special value"));
    if (auto *view = qobject_cast<QAbstractItemView *>(widget))
        collectModel(view->model(), where);
    if (auto *plot = qobject_cast<QCustomPlot *>(widget))
        collectPlot(plot, where);
    if (auto *chart = qobject_cast<ChartView *>(widget)) {
        const ChartData &data = chart->data();
        collect(data.title, where + QStringLiteral(" chart title"));
        collect(data.valueAxisLabel, where + QStringLiteral(" chart axis"));
        collect(data.unit, where + QStringLiteral(" chart unit"));
        collect(data.footnote, where + QStringLiteral(" chart footnote"));
        for (const QString &category : data.categories)
            collect(category, where + QStringLiteral(" chart category"));
        for (const auto &series : data.series)
            collect(series.name, where + QStringLiteral(" chart series"));
    }
    if (auto *radar = qobject_cast<RadarChartWidget *>(widget))
        for (const QString &legend : radar->legendTexts())
            collect(legend, where + QStringLiteral(" radar legend"));
}

void UntranslatedText::collectWidgetTree(QWidget *root)
{
    collectObject(root, pathOf(root));
    const QList<QObject *> children = root->findChildren<QObject *>();
    for (QObject *child : children)
        collectObject(child, pathOf(child));
}

QString UntranslatedText::report() const
{
    QStringList lines;
    for (const Finding &finding : m_findings)
        lines << QStringLiteral("%1: \"%2\" -> %3")
                     .arg(finding.where, finding.text, finding.words.join(QStringLiteral(", ")));
    return lines.join(u'\n');
}

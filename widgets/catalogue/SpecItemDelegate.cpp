#include "widgets/catalogue/SpecItemDelegate.h"

#include "db/GpuField.h"
#include "db/SpecTableModel.h"
#include "widgets/catalogue/SpecSpinBox.h"
#include "widgets/common/ThemeColors.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QComboBox>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPainter>
#include <QPainterPath>
#include <QSet>

namespace {

const char *kChoicesProperty = "specChoices";

// The spec model under any proxies, and the index in it.
QModelIndex sourceIndex(const QModelIndex &index)
{
    QModelIndex source = index;
    while (const auto *proxy = qobject_cast<const QAbstractProxyModel *>(source.model()))
        source = proxy->mapToSource(source);
    return source;
}

const GpuField *fieldOf(const QModelIndex &index)
{
    const int column = sourceIndex(index).column();
    return column >= 0 && column < GpuField::Count ? &GpuFields::field(column) : nullptr;
}

// The values the catalogue already has in a column, plus the usual ones: choices, not a fixed list.
QStringList choicesFor(const GpuField &field, const QModelIndex &index)
{
    QStringList choices;
    if (field.id == GpuField::MemoryType)
        choices = {QStringLiteral("HBM2"),   QStringLiteral("HBM2e"), QStringLiteral("HBM3"),
                   QStringLiteral("HBM3e"),  QStringLiteral("HBM4"),  QStringLiteral("GDDR6"),
                   QStringLiteral("GDDR6X"), QStringLiteral("GDDR7"), QStringLiteral("LPDDR5X")};
    const QModelIndex source = sourceIndex(index);
    const QAbstractItemModel *model = source.model();
    QSet<QString> seen(choices.cbegin(), choices.cend());
    for (int row = 0; model && row < model->rowCount(); ++row) {
        const QString value = model->index(row, source.column()).data(Qt::EditRole).toString();
        if (!value.isEmpty() && !seen.contains(value)) {
            seen.insert(value);
            choices << value;
        }
    }
    return choices;
}

void fillCorner(QPainter *painter, const QRect &rect, const QColor &color, bool left)
{
    const int size = qMin(7, rect.height() / 3);
    QPainterPath corner;
    const QPointF tip = left ? QPointF(rect.left(), rect.top()) : QPointF(rect.right() + 1, rect.top());
    corner.moveTo(tip);
    corner.lineTo(tip + QPointF(left ? size : -size, 0));
    corner.lineTo(tip + QPointF(0, size));
    corner.closeSubpath();
    painter->fillPath(corner, color);
}

} // namespace

SpecItemDelegate::SpecItemDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

QWidget *SpecItemDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                        const QModelIndex &index) const
{
    const GpuField *field = fieldOf(index);
    QWidget *editor = nullptr;
    if (!field) {
        editor = QStyledItemDelegate::createEditor(parent, option, index);
    } else if (field->isNumeric()) {
        editor = new SpecSpinBox(*field, parent);
    } else if (field->id == GpuField::InterconnectKind) {
        auto *combo = new QComboBox(parent);
        combo->addItem(tr("(not given)"), QString());
        for (const QString &kind : GpuFields::interconnectKinds())
            combo->addItem(kind, kind);
        editor = combo;
    } else if (field->id == GpuField::MemoryType || field->id == GpuField::FormFactor) {
        auto *combo = new QComboBox(parent);
        combo->setEditable(true);
        combo->setInsertPolicy(QComboBox::NoInsert);
        combo->addItems(choicesFor(*field, index));
        combo->setProperty(kChoicesProperty, true);
        editor = combo;
    } else {
        auto *line = new QLineEdit(parent);
        line->setFrame(false);
        editor = line;
    }
    editor->setObjectName(QStringLiteral("specEditor"));
    m_open.insert(editor, index);
    emit const_cast<SpecItemDelegate *>(this)->openEditorsChanged(); // Qt's createEditor() is const
    return editor;
}

void SpecItemDelegate::destroyEditor(QWidget *editor, const QModelIndex &index) const
{
    m_open.remove(editor);
    QStyledItemDelegate::destroyEditor(editor, index);
    emit const_cast<SpecItemDelegate *>(this)->openEditorsChanged();
}

void SpecItemDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    const QVariant value = index.data(Qt::EditRole);
    if (auto *spin = qobject_cast<SpecSpinBox *>(editor)) {
        spin->setFieldValue(value);
    } else if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        if (combo->isEditable()) {
            combo->setCurrentText(value.toString());
        } else {
            const int at = combo->findData(value.toString());
            combo->setCurrentIndex(at >= 0 ? at : 0);
        }
    } else if (auto *line = qobject_cast<QLineEdit *>(editor)) {
        line->setText(value.toString());
    } else {
        QStyledItemDelegate::setEditorData(editor, index);
    }
}

QVariant SpecItemDelegate::editorValue(const QWidget *editor)
{
    if (const auto *spin = qobject_cast<const SpecSpinBox *>(editor))
        return spin->fieldValue();
    if (const auto *combo = qobject_cast<const QComboBox *>(editor))
        return combo->isEditable() ? QVariant(combo->currentText().trimmed()) : combo->currentData();
    if (const auto *line = qobject_cast<const QLineEdit *>(editor))
        return line->text();
    return {};
}

void SpecItemDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                    const QModelIndex &index) const
{
    if (qobject_cast<const SpecSpinBox *>(editor) || qobject_cast<const QComboBox *>(editor) ||
        qobject_cast<const QLineEdit *>(editor))
        model->setData(index, editorValue(editor), Qt::EditRole);
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

QString SpecItemDelegate::problemWith(QWidget *editor) const
{
    const QPersistentModelIndex index = m_open.value(editor);
    if (!index.isValid())
        return {};
    const QModelIndex source = sourceIndex(index);
    const QVariant value = editorValue(editor);
    if (const auto *spec = qobject_cast<const SpecTableModel *>(source.model()))
        return spec->session()->checkEdit(source.row(), source.column(), value);
    return {};
}

bool SpecItemDelegate::acceptsValueOf(QWidget *editor)
{
    if (!m_open.contains(editor))
        return true;
    const QString problem = problemWith(editor);
    if (problem.isEmpty())
        return true;
    editor->setToolTip(problem);
    editor->setStyleSheet(
        QStringLiteral("border: 2px solid %1;").arg(ThemeColors::error(editor->palette()).name()));
    emit valueRefused(problem);
    return false;
}

bool SpecItemDelegate::commitIfValid(QWidget *editor, EndEditHint hint)
{
    if (!acceptsValueOf(editor))
        return false;
    emit commitData(editor);
    emit closeEditor(editor, hint);
    return true;
}

void SpecItemDelegate::discardOpenEditors()
{
    const QList<QWidget *> editors = m_open.keys();
    for (QWidget *editor : editors)
        emit closeEditor(editor, RevertModelCache);
}

bool SpecItemDelegate::commitOpenEditors()
{
    const QList<QWidget *> editors = m_open.keys();
    bool allCommitted = true;
    for (QWidget *editor : editors)
        allCommitted = commitIfValid(editor, NoHint) && allCommitted;
    return allCommitted;
}

bool SpecItemDelegate::eventFilter(QObject *object, QEvent *event)
{
    auto *editor = qobject_cast<QWidget *>(object);
    if (!editor || !m_open.contains(editor))
        return QStyledItemDelegate::eventFilter(object, event);
    if (event->type() == QEvent::KeyPress) {
        switch (static_cast<QKeyEvent *>(event)->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
            commitIfValid(editor, NoHint);
            return true;
        case Qt::Key_Tab:
            commitIfValid(editor, EditNextItem);
            return true;
        case Qt::Key_Backtab:
            commitIfValid(editor, EditPreviousItem);
            return true;
        default:
            break;
        }
    } else if (event->type() == QEvent::FocusOut) {
        if (static_cast<QFocusEvent *>(event)->reason() == Qt::PopupFocusReason)
            return false; // a combo box opened its list
        for (QWidget *w = QApplication::focusWidget(); w; w = w->parentWidget())
            if (w == editor)
                return false; // focus moved inside the editor
        commitIfValid(editor, NoHint);
        return false; // refused: the editor stays open with its text and the reason
    }
    return QStyledItemDelegate::eventFilter(object, event);
}

void SpecItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    const bool unsaved = index.data(SpecTableModel::UnsavedRole).toBool();
    const ThemeColors::EditMarks marks = ThemeColors::editMarks(option.palette);
    if (unsaved)
        painter->fillRect(option.rect, marks.unsavedFill);
    // Text from a cache of laid-out texts (QStyledItemDelegate shaped and elided every cell on every
    // paint: most of a filter keystroke at 10,000 GPUs; docs/performance.md).
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    m_cells.paint(painter, cell, TextCellPainter::Grid::FromView);
    if (unsaved)
        fillCorner(painter, option.rect, marks.unsaved, true);
    if (index.data(SpecTableModel::DiffersFromBundledRole).toBool())
        fillCorner(painter, option.rect, marks.bundled, false);
    if (sourceIndex(index).column() == GpuField::GpuId && index.data(SpecTableModel::RowUnsavedRole).toBool())
        painter->fillRect(QRect(option.rect.left(), option.rect.top(), 3, option.rect.height()),
                          marks.unsaved);
}

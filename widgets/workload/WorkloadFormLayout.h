#pragma once

#include "app/analysis/WorkloadField.h"
#include "app/analysis/WorkloadRequest.h"

#include <QString>
#include <QVector>
#include <optional>

// Which tasks use a field of the workload form: for the others it is greyed out (or hidden with its row),
// keeps its value, and stays out of the request.
enum class FormUse
{
    AnyTask,
    Inference,
    Training,
};

// How the form's editor of a field is made: a spin box from its row, or by WorkloadForm's own code.
enum class FormEditor
{
    Number, // a spin box made from the row: whole or decimal as the request member is
    Own,    // a choice, or a number with its own rules (the batch, the prices, the budget)
};

// One field of the workload form. The field table (WorkloadFields) says what the field is; this row says
// how the window shows it. Rows are in Tab order.
struct WorkloadFormRow
{
    WorkloadField field;
    const char *caption; // translated in context "WorkloadForm"; '&' marks the shortcut
    int row = 0;         // the form's grid
    int column = 0;
    FormUse use = FormUse::AnyTask;
    bool ownRow = false; // in a row of its task's own (the load, training at scale): hidden for the other
    FormEditor editor = FormEditor::Number;

    // Number editors: the range (maximum 0: the field table's), and what a request without the field
    // shows. With a default the field is always sent; without one the editor's minimum means "not set",
    // shown as unsetText ("auto", "none"...).
    double minimum = 0.0;
    double maximum = 0.0;
    std::optional<double> defaultValue = std::nullopt;
    const char *unsetText = nullptr; // translated in context "WorkloadForm"
    int decimals = 2;                // decimal members only
    const char *suffix = nullptr;    // translated in context "WorkloadForm"
    const char *help = nullptr;      // the tooltip, translated in context "WorkloadForm"
};

namespace WorkloadFormLayout {

// Every field the form shows, in Tab order.
const QVector<WorkloadFormRow> &rows();
// The field's row; nullptr when the form has no editor for it (a field set only on the command line).
const WorkloadFormRow *row(WorkloadField field);
// Whether a request for this task uses the field: the form greys it out otherwise.
bool uses(Task task, WorkloadField field);

// What the form sends when its editors hold these values: only the fields the task uses (the load's
// settings only with a load, the token counts not with the ShareGPT lengths, the network only when the run
// can span nodes and differs from the default, LoRA's rank only for LoRA and QLoRA), each as held or, when
// absent, as the form shows it (a number with a default sends that default; no task is inference, no model
// the default model). Values of fields the form has no editor for are dropped. form.setRequest(r) then
// form.request() gives sent(r).
WorkloadRequest sent(const WorkloadRequest &held);

// A number member of the request, read or written as a double (whole members are rounded).
std::optional<double> number(const WorkloadRequest &request, WorkloadField field);
void setNumber(WorkloadRequest &request, WorkloadField field, std::optional<double> value);

} // namespace WorkloadFormLayout

#pragma once

#include "db/GpuEditSession.h"

#include <QDialog>
#include <optional>

// Asks which version to keep when a save finds GPUs another program changed in the file since they were
// read: a count, the GPUs with their differences in a scrolling list (thousands of them fit on any
// screen), and Keep Mine / Keep Theirs / Cancel.
class ConflictDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ConflictDialog(const QVector<GpuEditSession::SaveConflict> &conflicts,
                            QWidget *parent = nullptr);

    // The button clicked; nullopt when cancelled.
    std::optional<GpuEditSession::Keep> keep() const { return m_keep; }

    // One line per GPU: what differs between the user's version and the file's.
    static QStringList describe(const QVector<GpuEditSession::SaveConflict> &conflicts);

private:
    std::optional<GpuEditSession::Keep> m_keep;
};

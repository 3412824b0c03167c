#pragma once

#include "widgets/charts/ChartExporter.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

// Asks where and how to export a chart: file, format, size in logical pixels and scale factor.
class ChartExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ChartExportDialog(const QString &suggestedPath, QWidget *parent = nullptr);

    QString filePath() const;
    ChartExporter::Options options() const;

private:
    void browse();
    void syncExtension();

    QLineEdit *m_path;
    QComboBox *m_format;
    QSpinBox *m_width;
    QSpinBox *m_height;
    QDoubleSpinBox *m_scale;
};

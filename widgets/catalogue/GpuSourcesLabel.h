#pragma once

#include <QLabel>

struct GpuSpec;

// The line under the spec table that names where the current GPU's values come from, each web address
// a link that opens in the browser.
class GpuSourcesLabel : public QLabel
{
    Q_OBJECT
public:
    explicit GpuSourcesLabel(QWidget *parent = nullptr);

    // "Sources of H100 SXM5: …"; nullptr clears the line.
    void showSourcesOf(const GpuSpec *gpu);
};

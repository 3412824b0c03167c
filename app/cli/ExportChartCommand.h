#pragma once

#include "app/cli/CliCommand.h"

// gpucompare export-chart --chart KIND --gpu GPU,GPU[,...] [workload options] --out FILE
//                         [--width N --height N --scale S]
// Draws the chart the window shows for that comparison and saves it as PNG, SVG or PDF (by extension).
CliCommand exportChartCommand();

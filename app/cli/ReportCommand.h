#pragma once

#include "app/cli/CliCommand.h"

// gpucompare [--db FILE] report SCENARIO.gpuc --out REPORT.pdf|REPORT.html
// The report Export Report writes (ReportExporter), headless: the scenario's answer on the catalogue.
CliCommand reportCommand();

#pragma once

#include <QString>
#include <QVector>

// Web addresses in a report's text (the catalogue's sources), so that each file can make them links.
namespace ReportLinks {

struct Part
{
    QString text;
    bool isLink = false;
};

// The text in order, cut around every http(s) address; an address ends at a space, ';', ',' or a closing
// bracket, and a full stop at its end stays text.
QVector<Part> split(const QString &text);

} // namespace ReportLinks

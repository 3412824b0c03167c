#pragma once

#include <QString>
#include <QStringView>

// Whether a text value read from a file or typed into a cell is clean text the catalogue can keep and
// export again: no control characters but tab and line breaks (a NUL makes the CSV export unreadable
// to the importer), no unpaired UTF-16 surrogates or noncharacters (JSON "\ud800" decodes to one, and
// it turns into '?' on the way out).
namespace TextCheck {

// Why text cannot be stored ("" when it can): names the character and its position, counted from 1.
QString problem(QStringView text);

// A number as files write it: C locale ('.' decimal point, e-notation), no group separators, so that
// "1,979" is refused like "80,5" rather than read as 1979 (a file does not say which convention it used).
double fileNumber(const QString &text, bool *ok);

} // namespace TextCheck

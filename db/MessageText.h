#pragma once

#include <QString>
#include <QStringList>

// The one place messages are kept readable whatever the input (issue 60): a value echoed in a message is
// cut at kMostCharacters with "…", and a list of problems shows at most kMostProblems, then "and N more
// problems". Scenario loading, option parsing and imports all go through here; a 100,000-character option
// value or a scenario naming 200,000 unknown GPUs gives a few lines, not megabytes.
namespace MessageText {

inline constexpr int kMostCharacters = 80;
inline constexpr int kMostProblems = 20;

// value, or its first kMostCharacters - 1 characters and "…" (never splitting a surrogate pair).
QString cut(const QString &value, int most = kMostCharacters);

// The first kMostProblems problems, then one line "and N more" when there are more.
QStringList capped(const QStringList &problems, int most = kMostProblems);

} // namespace MessageText

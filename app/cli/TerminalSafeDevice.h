#pragma once

#include <QFile>
#include <QIODevice>
#include <cstdio>

// The command line's stdout and stderr. Text from files and arguments (CSV headers, GPU ids, model names)
// is printed as it came, so a control character in it would reach the terminal: an ESC or OSC sequence in a
// CSV header could set the terminal's title, clear its screen or hide what follows. Here every C0 control
// but line feed, carriage return and tab, DEL and the C1 controls (U+0080-U+009F) are written as \xNN or
// \u00NN instead. JSON output is unaffected: its strings escape control characters already.
class TerminalSafeDevice : public QIODevice
{
public:
    explicit TerminalSafeDevice(FILE *stream);
    ~TerminalSafeDevice() override;

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 size) override;

private:
    QFile m_file;
    bool m_pendingC2 = false; // a UTF-8 lead byte 0xC2 at the end of the last write: a C1 control may follow
};

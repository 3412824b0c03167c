#include "app/cli/TerminalSafeDevice.h"

#include <QByteArray>

TerminalSafeDevice::TerminalSafeDevice(FILE *stream)
{
    m_file.open(stream, QIODevice::WriteOnly, QFileDevice::DontCloseHandle);
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

TerminalSafeDevice::~TerminalSafeDevice()
{
    if (m_pendingC2)
        m_file.write("\xC2", 1);
    m_file.flush();
}

qint64 TerminalSafeDevice::readData(char *, qint64)
{
    return -1;
}

qint64 TerminalSafeDevice::writeData(const char *data, qint64 size)
{
    QByteArray safe;
    safe.reserve(size + 8);
    const auto hex = [&safe](const char *prefix, unsigned char byte) {
        safe += prefix;
        safe += QByteArray::number(byte, 16).rightJustified(2, '0');
    };
    for (qint64 i = 0; i < size; ++i) {
        const auto byte = static_cast<unsigned char>(data[i]);
        if (m_pendingC2) {
            m_pendingC2 = false;
            if (byte >= 0x80 && byte <= 0x9F) { // U+0080-U+009F, the C1 controls (0x9B is CSI, 0x9D OSC)
                hex("\\u00", byte);
                continue;
            }
            safe += '\xC2';
        }
        if (byte == 0xC2)
            m_pendingC2 = true;
        else if ((byte < 0x20 && byte != '\n' && byte != '\r' && byte != '\t') || byte == 0x7F)
            hex("\\x", byte);
        else
            safe += char(byte);
    }
    if (m_file.write(safe) != safe.size())
        return -1;
    m_file.flush(); // stdout and stderr keep their order when both go to the terminal
    return size;
}

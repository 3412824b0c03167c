#pragma once

#include <future>

// Reads what the first frame needs but the GUI thread need not read itself, on another thread, while
// the GUI thread opens the catalogue and builds the window: the font database (fontconfig's
// configuration and font list, which the first widget with text would load), the uncertainty bands of
// the first comparison and the seed rows the offer bar checks. Each is a function-local static, which
// C++ fills once: the GUI thread asking for one still being filled waits for it, so nothing is read
// twice or too early. Created as soon as the QApplication exists; destroying it waits for the thread.
class StartupWarmUp
{
public:
    StartupWarmUp();
    ~StartupWarmUp();
    StartupWarmUp(const StartupWarmUp &) = delete;
    StartupWarmUp &operator=(const StartupWarmUp &) = delete;

private:
    std::future<void> m_done;
};

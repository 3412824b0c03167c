#pragma once

// The window's colours: the desktop's palette (System), or Fusion with a light or a dark palette.
enum class ThemeChoice
{
    System,
    Light,
    Dark
};

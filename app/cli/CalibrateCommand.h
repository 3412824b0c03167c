#pragma once

#include "app/cli/CliCommand.h"

// `gpucompare calibrate --profile NAME --base PROFILE [--gpu ID]...`: a profile of the user's own, fitted on
// their imported measurements of the base profile's engine (UserProfileFit); `--remove NAME` removes one.
CliCommand calibrateCommand();

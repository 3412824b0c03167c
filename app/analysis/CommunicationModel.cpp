#include "CommunicationModel.h"

namespace CommunicationModel {

double allReduceSeconds(double bytes, int groupSize, const LinkInfo &link, double efficiency)
{
    if (groupSize <= 1 || bytes <= 0.0)
        return 0.0;
    const double bandwidth = link.unidirectionalGBs * 1e9 * efficiency;
    return 2.0 * (groupSize - 1) / groupSize * bytes / bandwidth + kCollectiveLatencyS;
}

double pointToPointSeconds(double bytes, const LinkInfo &link, double efficiency)
{
    if (bytes <= 0.0)
        return 0.0;
    return bytes / (link.unidirectionalGBs * 1e9 * efficiency) + kCollectiveLatencyS;
}

} // namespace CommunicationModel

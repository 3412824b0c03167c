#pragma once

// What a GPU-hour costs: rented at a price per hour, or owned (bought at its purchase price and paid off).
// One comparison prices every GPU on one basis (CostModel::comparisonBasis): a rented GPU beside an owned
// one would compare two different questions.
enum class CostBasis
{
    None,   // no price on the basis asked for
    Rental, // the user's $/GPU-hour, else the catalogue's
    Owned   // purchase price over the years owned, plus electricity at the estimated power
};

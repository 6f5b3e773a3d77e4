#include "cudapy/Transforms/Passes.h"

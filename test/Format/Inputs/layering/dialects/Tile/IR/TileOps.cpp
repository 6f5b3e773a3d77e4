#include "dialects/Py/IR/PyTypes.h"

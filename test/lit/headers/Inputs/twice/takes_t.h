#define t 42

// Nothing: node-llama-cpp loads its CPU build (@node-llama-cpp/linux-x64) when the GPU is off.

# cmake -DTOOL=<lnr-rewrite> -DINPUT=<sample.c> -DOUTPUT=<rewritten.c> -P ...
# Runs lnr-rewrite on a sample at build time; its remarks go to the log.
execute_process(COMMAND ${TOOL} ${INPUT} --
                OUTPUT_FILE ${OUTPUT}
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE ${OUTPUT})
  message(FATAL_ERROR "lnr-rewrite ${INPUT} failed with status ${status}")
endif()

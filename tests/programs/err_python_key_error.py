# conform: error=KeyError line=5
# Missing dict key.
params = {'w': 1.0, 'b': 0.0}
print(params['w'])
print(params['scale'])
